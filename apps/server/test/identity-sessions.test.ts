import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { PASSWORD, call, cookiesOf, registeredUser, signIn, v1 } from './identity-helpers.ts';
import { SessionCache } from '../src/platform/auth/session-cache.ts';
import type { SessionUser } from '../src/platform/auth/identity.ts';

/**
 * The session fast path (platform/auth/session-cache.ts): a signed-in call reuses the resolved
 * session, and everything that ends or changes a session takes effect on this instance at once.
 * Also the stay_loggedin switch, which re-issues the caller's cookie.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const myinfo = (auth: { cookie?: string; bearer?: string }) =>
  v1(t.app, 'GET', '/v1/auth/myinfo', undefined, auth);

describe(`session fast path (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  it('resolves a session once and reuses it for the next calls', async () => {
    const user = await registeredUser(t.app);
    const spy = vi.spyOn(t.app.identity, 'getSession');
    try {
      for (let i = 0; i < 5; i++) expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) expect((await myinfo({ cookie: user.cookie })).statusCode).toBe(200);
      // One lookup per credential (bearer, cookie), not one per call.
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('parallel first calls of a session share one lookup', async () => {
    const user = await registeredUser(t.app);
    const spy = vi.spyOn(t.app.identity, 'getSession');
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => myinfo({ bearer: user.token })));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('renews a busy session before it runs out, and drops it once the session is gone', async () => {
    const user = await registeredUser(t.app);
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const lookups = vi.spyOn(t.app.identity, 'getSession');
    try {
      expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
      // 7.5 s on (past 70 % of the 10 s): answered from the cache, renewed in the background.
      clock.mockReturnValue(start + 7_500);
      expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
      await vi.waitFor(() => expect(lookups).toHaveBeenCalledTimes(2));
      await vi.waitFor(() =>
        expect(t.app.identity.sessions.entry(SessionCache.key(`${user.token}\n`))?.until).toBe(
          start + 17_500,
        ),
      );
      // 12 s: past the first entry's end, the renewed one answers without a lookup.
      clock.mockReturnValue(start + 12_000);
      expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(2);
      // The session ends elsewhere (another instance signed it out): the next renewal finds it
      // gone and drops the entry, before its own end.
      await t.app.db.deleteFrom('session').where('userId', '=', user.id).execute();
      clock.mockReturnValue(start + 15_000);
      expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
      await vi.waitFor(async () => expect((await myinfo({ bearer: user.token })).statusCode).toBe(401));
    } finally {
      clock.mockRestore();
      lookups.mockRestore();
    }
  });

  it('sign-out ends a cached session at once', async () => {
    const user = await registeredUser(t.app);
    expect((await myinfo({ cookie: user.cookie })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/identity/sign-out', {}, { cookie: user.cookie })).statusCode).toBe(
      200,
    );
    expect((await myinfo({ cookie: user.cookie })).statusCode).toBe(401);
  });

  it('revoking every session ends the cached ones at once (bearer and cookie)', async () => {
    const user = await registeredUser(t.app);
    const other = cookiesOf(await signIn(t.app, user.email));
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
    expect((await myinfo({ cookie: other })).statusCode).toBe(200);
    const revoked = await call(t.app, 'POST', '/identity/revoke-sessions', {}, { cookie: user.cookie });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(401);
    expect((await myinfo({ cookie: other })).statusCode).toBe(401);
  });

  it('a password change ends the other cached sessions at once', async () => {
    const user = await registeredUser(t.app);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
    const other = cookiesOf(await signIn(t.app, user.email));
    expect((await myinfo({ cookie: other })).statusCode).toBe(200);
    const changed = await call(
      t.app,
      'POST',
      '/identity/change-password',
      { currentPassword: PASSWORD, newPassword: 'brand-new-1' },
      { cookie: user.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await myinfo({ cookie: other })).statusCode).toBe(401);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(401);
  });

  it('account deletion ends the cached sessions at once', async () => {
    const user = await registeredUser(t.app);
    const other = cookiesOf(await signIn(t.app, user.email));
    expect((await myinfo({ cookie: other })).statusCode).toBe(200);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
    const deleted = await v1(t.app, 'DELETE', `/v1/auth/deleteuseracc?user_id=${user.id}`, undefined, {
      bearer: user.token,
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await myinfo({ cookie: other })).statusCode).toBe(401);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(401);
  });

  it('a name change shows at once (the cached user is dropped)', async () => {
    const user = await registeredUser(t.app);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(200);
    const modified = await v1(
      t.app,
      'POST',
      '/v1/auth/modify',
      { name: 'Neuer Name' },
      { bearer: user.token },
    );
    expect(modified.statusCode).toBe(200);
    expect((await myinfo({ bearer: user.token })).json().name).toBe('Neuer Name');
  });
});

describe('stay logged in re-issues the session cookie', { timeout: 60_000 }, () => {
  const sessionCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith('pet.session_token='));
  const setCookies = (raw: string | string[] | undefined) => (Array.isArray(raw) ? raw : raw ? [raw] : []);

  it('on: a persistent cookie with Max-Age; off: a browser-session cookie; both keep working', async () => {
    const user = await registeredUser(t.app);
    const on = await v1(t.app, 'POST', '/v1/auth/modify', { stay_loggedin: true }, { cookie: user.cookie });
    expect(on.statusCode, on.body).toBe(200);
    const persistent = sessionCookie(setCookies(on.headers['set-cookie']));
    expect(persistent).toBeDefined();
    const maxAge = Number(/Max-Age=(\d+)/.exec(persistent!)?.[1]);
    // 30 days from sign-in, give or take the test's own seconds.
    expect(maxAge).toBeGreaterThan(30 * 24 * 3600 - 120);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    expect(persistent).toContain('HttpOnly');
    expect(persistent).toContain('SameSite=Lax');
    expect(persistent).toContain('Path=/');
    // The re-issued cookie is the same session, readable by the identity service.
    const reissued = cookiesOf(on);
    expect((await myinfo({ cookie: reissued })).json().stay_loggedin).toBe(true);
    const session = await call(t.app, 'GET', '/identity/get-session', undefined, { cookie: reissued });
    expect(session.json().user.email).toBe(user.email);

    const off = await v1(t.app, 'POST', '/v1/auth/modify', { stay_loggedin: false }, { cookie: reissued });
    expect(off.statusCode).toBe(200);
    const browserSession = sessionCookie(setCookies(off.headers['set-cookie']));
    expect(browserSession).toBeDefined();
    expect(browserSession).not.toMatch(/Max-Age|Expires/i);
    expect(browserSession).toContain('HttpOnly');
    expect((await myinfo({ cookie: cookiesOf(off) })).json().stay_loggedin).toBe(false);
  });

  it('a bearer client gets no cookie, and other changes re-issue nothing', async () => {
    const user = await registeredUser(t.app);
    const bearer = await v1(
      t.app,
      'POST',
      '/v1/auth/modify',
      { stay_loggedin: true },
      { bearer: user.token },
    );
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['set-cookie']).toBeUndefined();
    const name = await v1(t.app, 'POST', '/v1/auth/modify', { name: 'Other Name' }, { cookie: user.cookie });
    expect(name.statusCode).toBe(200);
    expect(name.headers['set-cookie']).toBeUndefined();
  });

  it('bad input changes nothing and re-issues nothing', async () => {
    const user = await registeredUser(t.app);
    const bad = await v1(t.app, 'POST', '/v1/auth/modify', { stay_loggedin: 'yes' }, { cookie: user.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['set-cookie']).toBeUndefined();
    expect((await myinfo({ cookie: user.cookie })).json().stay_loggedin).toBe(false);
  });
});

describe('SessionCache', () => {
  const user = (id: string, expiresInMs = 3_600_000, now = 0): SessionUser => ({
    id,
    email: `${id}@example.org`,
    name: id,
    partnerId: null,
    emailVerified: true,
    banned: false,
    sessionId: `s-${id}`,
    sessionToken: `t-${id}`,
    sessionExpiresAt: new Date(now + expiresInMs),
  });

  it('keeps an entry for its TTL, never past the session end', () => {
    let now = 0;
    const cache = new SessionCache(10_000, 100, () => now);
    cache.set('a', user('a'), cache.generation);
    cache.set('b', user('b', 2_000), cache.generation);
    now = 1_999;
    expect(cache.get('a')?.id).toBe('a');
    expect(cache.get('b')?.id).toBe('b');
    now = 2_000;
    expect(cache.get('b')).toBeUndefined();
    now = 10_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('marks an entry for renewal after 70 % of its TTL, never after the session end', () => {
    const cache = new SessionCache(10_000, 100, () => 1_000);
    cache.set('a', user('a', 100_000), cache.generation);
    cache.set('b', user('b', 5_000), cache.generation);
    expect(cache.entry('a')?.refreshAt).toBe(8_000);
    expect(cache.entry('b')?.refreshAt).toBe(5_000);
    cache.delete('a');
    expect(cache.entry('a')).toBeUndefined();
  });

  it('does not store a lookup that started before an invalidation', () => {
    const cache = new SessionCache(10_000, 100, () => 0);
    const before = cache.generation;
    cache.invalidateUser('a');
    cache.set('a', user('a'), before);
    expect(cache.get('a')).toBeUndefined();
  });

  it('is bounded: the oldest entry goes first', () => {
    const cache = new SessionCache(10_000, 3, () => 0);
    for (const id of ['a', 'b', 'c', 'd']) cache.set(id, user(id), cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('d')?.id).toBe('d');
  });

  it('invalidates one user only, or everything', () => {
    const cache = new SessionCache(10_000, 100, () => 0);
    cache.set('a1', user('a'), cache.generation);
    cache.set('a2', user('a'), cache.generation);
    cache.set('b', user('b'), cache.generation);
    cache.invalidateUser('a');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')?.id).toBe('b');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keys are hashes, never the token itself', () => {
    expect(SessionCache.key('secret-token')).not.toContain('secret-token');
    expect(SessionCache.key('x')).toBe(SessionCache.key('x'));
    expect(SessionCache.key('x')).not.toBe(SessionCache.key('y'));
  });

  it('a connection that changes its credentials gets the key of the new ones', () => {
    const cache = new SessionCache();
    const connection = {};
    expect(cache.keyOn(connection, 'token-a')).toBe(SessionCache.key('token-a'));
    expect(cache.keyOn(connection, 'token-a')).toBe(SessionCache.key('token-a'));
    expect(cache.keyOn(connection, 'token-b')).toBe(SessionCache.key('token-b'));
    expect(cache.keyOn({}, 'token-a')).toBe(SessionCache.key('token-a'));
  });
});
