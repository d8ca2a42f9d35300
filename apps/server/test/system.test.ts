import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema, apiErrorBodySchema, BRANDS } from '@pet/contract';
import { apiSecurityHeaders, computeSecurityHeaders, HELMET_OPTIONS } from '../src/http/security-headers.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BRAND_HOSTS: 'portal.hunde-schutz.test=hundeschutz' });
});
afterAll(async () => t.close());

describe(`system routes (${testDatabaseKind})`, () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 on /readyz when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.app.database.close();
    const res = await broken.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    await broken.close().catch(() => undefined);
  });

  it('serves the default brand configuration', async () => {
    const res = await t.app.inject({ url: '/v1/config' });
    expect(res.statusCode).toBe(200);
    const config = publicConfigSchema.parse(res.json());
    expect(config.brand.id).toBe('primepet');
    expect(config.brand).toEqual(BRANDS.primepet);
  });

  it('picks the brand from the host name: *.localhost and the configured host map', async () => {
    const byLabel = await t.app.inject({ url: '/v1/config', headers: { host: 'gpstracker.localhost:3000' } });
    expect(byLabel.json().brand.id).toBe('gpstracker');
    const mapped = await t.app.inject({ url: '/v1/config', headers: { host: 'portal.hunde-schutz.test' } });
    expect(mapped.json().brand.id).toBe('hundeschutz');
    const unknown = await t.app.inject({ url: '/v1/config', headers: { host: 'example.org' } });
    expect(unknown.json().brand.id).toBe('primepet');
  });

  it('sets security headers and a request id', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it("sends helmet's full header set, computed once, on pages, and its API part on every kind of /v1 answer and on /assets/", async () => {
    const documentHeaders = computeSecurityHeaders(HELMET_OPTIONS);
    expect(documentHeaders.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
      ]),
    );
    const page = await t.app.inject({ url: '/healthz' });
    for (const [name, value] of documentHeaders) expect(page.headers[name], name).toBe(value);

    const apiHeaders = apiSecurityHeaders(documentHeaders);
    expect(Object.fromEntries(apiHeaders)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'self'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    const answers = await Promise.all([
      t.app.inject({ url: '/v1/config' }),
      t.app.inject({ url: '/v1/nothing-here' }),
      t.app.inject({ url: '/v1/auth/myinfo' }),
      // The build's hashed scripts are never a page either (this app serves no build: a 404).
      t.app.inject({ url: '/assets/index-Ab12Cd34.js' }),
      t.app.inject({
        method: 'POST',
        url: '/v1/logging',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
    ]);
    for (const res of answers) {
      for (const [name, value] of apiHeaders)
        expect(res.headers[name], `${res.statusCode} ${name}`).toBe(value);
      expect(res.headers['x-xss-protection'], `${res.statusCode}`).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401, 404, 400]);
  });

  it('answers unknown API routes with a catalogue error body', async () => {
    const res = await t.app.inject({ url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(apiErrorBodySchema.parse(res.json()).key).toBe('Not_Found_Text');
  });

  it('publishes a valid OpenAPI 3 document with the routes', async () => {
    const res = await t.app.inject({ url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    expect(doc.paths['/v1/config']).toBeDefined();
    const docsPage = await t.app.inject({ url: '/docs/' });
    expect(docsPage.statusCode).toBe(200);
    expect(docsPage.headers['content-type']).toContain('text/html');
  });

  it('seeds every brand plan catalogue with one default plan each', async () => {
    const plans = await t.app.db.selectFrom('product').selectAll().execute();
    for (const brand of Object.values(BRANDS)) {
      const own = plans.filter((p) => p.partner_id === brand.partnerId);
      expect(own).toHaveLength(brand.plans.length);
      expect(own.filter((p) => p.is_default === 1)).toHaveLength(1);
    }
  });
});
