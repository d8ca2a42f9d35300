import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ID_HEADER, CLIENT_LOG_MAX_BODY_BYTES, CLIENT_LOG_PATH, IDENTITY_HEADER } from '@pet/contract';
import { RATE_LIMITS } from '../src/platform/rate-limit.ts';
import { redactPersonalData } from '../src/modules/client-log/redact.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { freshIp } from './identity-helpers.ts';

/** The spec's logging POST (issue 14.10): rate-limited per address, size-capped, redacted. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => vi.restoreAllMocks());

const report = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: CLIENT_LOG_PATH,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** The client reports written to the app's log (the route writes exactly one warn line each). */
function captureReports() {
  const warn = vi.spyOn(t.app.log, 'warn');
  return () =>
    warn.mock.calls
      .filter((call) => call[1] === 'client failure report')
      .map((call) => (call[0] as { clientReport: Record<string, string> }).clientReport);
}

describe(`POST ${CLIENT_LOG_PATH} (${testDatabaseKind})`, () => {
  it('logs a report signed out, without the identity header, and answers 204', async () => {
    const reports = captureReports();
    const res = await report({
      log: 'GET /v1/pet: 502 Server_Down_Text',
      platform: 'web',
      error: 'TypeError',
    });
    expect(res.statusCode).toBe(204);
    expect(reports()).toEqual([
      { platform: 'web', log: 'GET /v1/pet: 502 Server_Down_Text', error: 'TypeError' },
    ]);
  });

  it('strips e-mail addresses, tokens and codes before anything is logged', async () => {
    const reports = captureReports();
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
    const res = await report({
      log: 'POST /v1/auth/signup failed for anna.muster@example.org',
      platform: 'ios',
      error:
        `Authorization: Bearer abc.def-123 url=/signin?continueUrl=%2Fbills&tokenI=9f8e7d6c5b4a3928 ` +
        `{"email":"x@y.de","code":"GA4X-62JE-8VY4"} session ${jwt} ` +
        'secret sk_test_51HxYzAbCdEfGhIjKlMnOpQr iban DE89 3704 0044 0532 0130 00 card 4242 4242 4242 4242 ' +
        'pet 3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60',
    });
    expect(res.statusCode).toBe(204);
    const [logged] = reports();
    const text = JSON.stringify(logged);
    for (const secret of [
      'anna.muster@example.org',
      'x@y.de',
      'abc.def-123',
      '9f8e7d6c5b4a3928',
      'GA4X-62JE-8VY4',
      jwt,
      'eyJ',
      'sk_test_51HxYzAbCdEfGhIjKlMnOpQr',
      'DE89 3704',
      '4242 4242',
      '%2Fbills',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(logged!.log).toBe('POST /v1/auth/signup failed for [email]');
    expect(logged!.error).toContain('Bearer [token]');
    // Row ids stay: they are what a report is searched by, and name no person.
    expect(logged!.error).toContain('3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60');
  });

  it('refuses a body over the cap with 413 and logs nothing', async () => {
    const reports = captureReports();
    const res = await report({ log: 'x', platform: 'web', error: 'y'.repeat(CLIENT_LOG_MAX_BODY_BYTES) });
    expect(res.statusCode).toBe(413);
    expect(reports()).toEqual([]);
  });

  it('refuses a missing or overlong field with Bad_Request_Text and logs nothing', async () => {
    const reports = captureReports();
    for (const body of [
      { platform: 'web' },
      { log: 'x' },
      { log: 'x'.repeat(1001), platform: 'web' },
      { log: 'x', platform: 'w b' },
    ]) {
      const res = await report(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().key).toBe('Bad_Request_Text');
    }
    expect(reports()).toEqual([]);
  });

  it(`takes ${RATE_LIMITS.clientLogPerIp.max} reports a minute per address, then 429; other addresses go on`, async () => {
    const reports = captureReports();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.clientLogPerIp.max; i++) {
      statuses.push((await report({ log: `failure ${i}`, platform: 'web', error: 'e' }, ip)).statusCode);
    }
    expect(statuses.slice(0, -1)).toEqual(Array(RATE_LIMITS.clientLogPerIp.max).fill(204));
    expect(statuses.at(-1)).toBe(429);
    // Attempts count even when refused: an oversized body from the same address is 429 too.
    expect((await report({ log: 'x', platform: 'web', error: 'y'.repeat(9000) }, ip)).statusCode).toBe(429);
    expect(reports()).toHaveLength(RATE_LIMITS.clientLogPerIp.max);
    expect((await report({ log: 'other', platform: 'web', error: 'e' })).statusCode).toBe(204);
  });

  it('takes a report from a signed-in browser that sends the identity header (cookie or not)', async () => {
    const res = await report({ log: 'x', platform: 'web', error: 'e' }, freshIp(), {
      [IDENTITY_HEADER]: 'web',
    });
    expect(res.statusCode).toBe(204);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths[CLIENT_LOG_PATH])).toEqual(['post']);
    expect(doc.paths[CLIENT_LOG_PATH].post.requestBody.content['application/json'].schema.required).toEqual([
      'log',
      'platform',
      'error',
    ]);
  });
});

describe(`the app id header (${testDatabaseKind})`, () => {
  it('is documented on the two calls the spec sends it with: the invoice and the public emergency file', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json();
    for (const path of ['/v1/order/orderpdfweb', '/v1/emergency/public']) {
      const parameters = doc.paths[path].get.parameters as Array<{ in: string; name: string }>;
      expect(parameters.filter((p) => p.in === 'header').map((p) => p.name)).toContain(APP_ID_HEADER);
    }
  });
});

describe('redactPersonalData', () => {
  it('keeps ordinary text, paths, statuses and keys', () => {
    const text = 'GET /v1/pet?pet_id=3f1c2a9e-8b7d-4c6e-9f0a-1b2c3d4e5f60: 502 Server_Down_Text (network)';
    expect(redactPersonalData(text)).toBe(text);
  });
});
