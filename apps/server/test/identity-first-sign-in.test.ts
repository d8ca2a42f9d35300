import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { PASSWORD, call, cookiesOf, registeredUser, signIn, v1 } from './identity-helpers.ts';
import { up as signInCountUp } from '../src/db/migrations/0103_sign_in_count.ts';

/**
 * myinfo's first_sign_in (issue 14 item 23: "Welcome back" greeted a first-time user): true in the
 * user's first signed-in session, false from the second sign-in on. Sessions that are no sign-in
 * (a password change replacing the session, the stay_loggedin re-issue, handing the session to the
 * web) do not count.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const firstSignIn = async (auth: { cookie?: string; bearer?: string }) => {
  const res = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().first_sign_in as boolean;
};

describe(`first sign-in (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  it('is true through the first session and false after signing in again', async () => {
    const user = await registeredUser(t.app);
    expect(await firstSignIn({ cookie: user.cookie })).toBe(true);
    // Still the first session: every visit of the dashboard greets as new.
    expect(await firstSignIn({ bearer: user.token })).toBe(true);

    const signedOut = await call(t.app, 'POST', '/identity/sign-out', {}, { cookie: user.cookie });
    expect(signedOut.statusCode).toBe(200);
    const again = await signIn(t.app, user.email);
    expect(again.statusCode, again.body).toBe(200);
    expect(await firstSignIn({ cookie: cookiesOf(again) })).toBe(false);
  });

  it('is false in the first session once a second sign-in happened elsewhere', async () => {
    const user = await registeredUser(t.app);
    expect(await firstSignIn({ cookie: user.cookie })).toBe(true);
    const phone = await signIn(t.app, user.email);
    expect(phone.statusCode).toBe(200);
    expect(await firstSignIn({ cookie: cookiesOf(phone) })).toBe(false);
  });

  it('does not count a password change, the stay_loggedin re-issue or the hand-over to the web', async () => {
    const user = await registeredUser(t.app);
    const changed = await call(
      t.app,
      'POST',
      '/identity/change-password',
      { currentPassword: PASSWORD, newPassword: 'brand-new-1', revokeOtherSessions: true },
      { cookie: user.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const replaced = cookiesOf(changed);
    expect(replaced).toContain('pet.session_token=');
    expect(await firstSignIn({ cookie: replaced })).toBe(true);

    const reissued = await v1(
      t.app,
      'POST',
      '/v1/auth/modify',
      { stay_loggedin: false },
      { cookie: replaced },
    );
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect(await firstSignIn({ cookie: cookiesOf(reissued) || replaced })).toBe(true);

    const token = String(changed.headers['set-auth-token'] ?? '');
    const minted = await call(
      t.app,
      'POST',
      '/v1/auth/customtoken',
      {},
      token ? { bearer: token } : { cookie: replaced },
    );
    expect(minted.statusCode, minted.body).toBe(200);
    const web = await call(t.app, 'POST', '/identity/one-time-token/verify', { token: minted.json().token });
    expect(web.statusCode, web.body).toBe(200);
    expect(await firstSignIn({ cookie: cookiesOf(web) })).toBe(true);
  });

  it('counts each sign-in of parallel clients', async () => {
    const user = await registeredUser(t.app);
    const results = await Promise.all([1, 2, 3, 4].map(() => signIn(t.app, user.email)));
    for (const res of results) expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('user_profile')
      .select('sign_in_count')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.sign_in_count)).toBe(5);
  });

  it('migration 0103 starts existing accounts at the number of sessions they hold', async () => {
    const user = await registeredUser(t.app);
    await signIn(t.app, user.email);
    const db = t.app.db;
    await db.schema.alterTable('user_profile').dropColumn('sign_in_count').execute();
    await signInCountUp(db as never);
    const row = await db
      .selectFrom('user_profile')
      .select('sign_in_count')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.sign_in_count)).toBe(2);
  });
});
