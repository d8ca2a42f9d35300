import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { PASSWORD, call, freshIp, registeredUser, signIn, uniqueEmail, v1 } from './identity-helpers.ts';

/** Personal answers carry Cache-Control: private, no-store unless the route chose its own. */
let t: TestApp;
let user: Awaited<ReturnType<typeof registeredUser>>;
const ip = freshIp();
beforeAll(async () => {
  t = await createTestApp();
  user = await registeredUser(t.app, {}, { ip });
});
afterAll(async () => t.close());

describe(`Cache-Control on personal answers (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  it('signed-in /v1 answers, success and error, bearer and cookie', async () => {
    const info = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token, ip });
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('private, no-store');

    const created = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Bello', pet_type: 'Dog' },
      { cookie: user.cookie, ip },
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');

    const missing = await v1(t.app, 'GET', '/v1/pet?pet_id=00000000-0000-4000-8000-000000000000', undefined, {
      bearer: user.token,
      ip,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('private, no-store');

    const invalid = await v1(t.app, 'POST', '/v1/pet', { name: '' }, { bearer: user.token, ip });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('private, no-store');
  });

  it('every /identity answer, signed in or not', async () => {
    const session = await call(t.app, 'GET', '/identity/get-session', undefined, { cookie: user.cookie, ip });
    expect(session.statusCode).toBe(200);
    // better-auth's own policy (no-store) is kept.
    expect(session.headers['cache-control']).toMatch(/no-store/);
    const refused = await signIn(t.app, uniqueEmail(), PASSWORD, { ip });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('leaves public answers alone', async () => {
    const config = await call(t.app, 'GET', '/v1/config');
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).not.toBe('private, no-store');
  });
});
