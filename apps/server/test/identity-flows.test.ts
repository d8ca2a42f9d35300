import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNED_MESSAGE } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import {
  PASSWORD,
  call,
  cookiesOf,
  freshIp,
  linkWithPath,
  mailbox,
  registeredUser,
  signIn,
  uniqueEmail,
  waitForMail,
} from './identity-helpers.ts';
import { setBan } from '../src/modules/identity/identity.repo.ts';
import { runAdmin } from '../src/admin/commands.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const myinfo = (options: { cookie?: string; bearer?: string }) =>
  call(t.app, 'GET', '/v1/auth/myinfo', undefined, options);
const resetRequest = (email: string) =>
  call(
    t.app,
    'POST',
    '/v1/auth/password/reset',
    { email, url: 'http://localhost:3000/signin', handle_code_in_app: false },
    { ip: freshIp() },
  );

describe(`password reset (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('answers the same for known and unknown addresses; only the known one gets mail', async () => {
    const user = await registeredUser(t.app);
    const stranger = uniqueEmail('nobody');
    const known = await resetRequest(user.email);
    const unknown = await resetRequest(stranger);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await waitForMail(t.app, user.email, 'reset');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await mailbox(t.app)).some((m) => m.to === stranger)).toBe(false);
    // better-auth's own endpoint answers the same way.
    const direct = (email: string) =>
      call(t.app, 'POST', '/identity/request-password-reset', { email }, { ip: freshIp() }).then(
        (r) => r.body,
      );
    expect(await direct(uniqueEmail('nobody'))).toBe(await direct(user.email));
  });

  it('resets with the mailed token (single use); the old password fails and every session ends', async () => {
    const user = await registeredUser(t.app, { language: 'de' });
    const otherSession = cookiesOf(await signIn(t.app, user.email));
    expect((await resetRequest(user.email)).statusCode).toBe(200);
    const mail = await waitForMail(t.app, user.email, 'reset');
    expect(mail.subject).toBe('Passwort zurücksetzen für Prime Pet');
    const link = linkWithPath(mail, '/reset-password');
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token')!;
    expect(token).toBeTruthy();

    const reset = await call(
      t.app,
      'POST',
      '/identity/reset-password',
      { token, newPassword: 'fresh-pass-9' },
      { ip: freshIp() },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await myinfo({ cookie: user.cookie })).statusCode).toBe(401);
    expect((await myinfo({ cookie: otherSession })).statusCode).toBe(401);
    expect((await myinfo({ bearer: user.token })).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, user.email, 'fresh-pass-9')).statusCode).toBe(200);

    const again = await call(
      t.app,
      'POST',
      '/identity/reset-password',
      { token, newPassword: 'other-pass-1' },
      { ip: freshIp() },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, user.email, 'other-pass-1')).statusCode).toBe(401);
  });

  it('keeps the password rules on reset and refuses made-up tokens', async () => {
    const tooShort = await call(
      t.app,
      'POST',
      '/identity/reset-password',
      { token: 'made-up', newPassword: '123' },
      { ip: freshIp() },
    );
    expect(tooShort.statusCode).toBe(400);
    const fake = await call(
      t.app,
      'POST',
      '/identity/reset-password',
      { token: 'made-up', newPassword: 'valid-pass-1' },
      { ip: freshIp() },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().code).toBe('INVALID_TOKEN');
  });
});

describe(`magic link and custom-token sign-in (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('signs in through the magic link once; unknown addresses get the same answer and no mail', async () => {
    const user = await registeredUser(t.app);
    const ask = (email: string) =>
      call(
        t.app,
        'POST',
        '/identity/sign-in/magic-link',
        { email, callbackURL: 'http://localhost:3000/dashboard' },
        { ip: freshIp() },
      );
    const known = await ask(user.email);
    const stranger = uniqueEmail('nobody');
    const unknown = await ask(stranger);
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await waitForMail(t.app, user.email, 'magic-link');
    expect(mail.subject).toBe('Your sign-in link for Prime Pet');
    const link = linkWithPath(mail, '/identity/magic-link/verify');
    const open = await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('http://localhost:3000/dashboard');
    expect((await myinfo({ cookie: cookiesOf(open) })).statusCode).toBe(200);

    const reuse = await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    expect(reuse.statusCode).toBe(302);
    expect(reuse.headers.location).toContain('error=INVALID_TOKEN');
    expect(cookiesOf(reuse)).not.toContain('pet.session_token=');
    expect((await mailbox(t.app)).some((m) => m.to === stranger)).toBe(false);
  });

  it('a signed-in client mints a one-time token; the web exchanges it once for a cookie session', async () => {
    const user = await registeredUser(t.app);
    const minted = await call(
      t.app,
      'POST',
      '/v1/auth/customtoken',
      {},
      { bearer: user.token, ip: freshIp() },
    );
    expect(minted.statusCode, minted.body).toBe(200);
    const { token, expires_in } = minted.json();
    expect(expires_in).toBe(180);
    const exchange = () =>
      call(t.app, 'POST', '/identity/one-time-token/verify', { token }, { ip: freshIp() });
    const first = await exchange();
    expect(first.statusCode, first.body).toBe(200);
    const cookie = cookiesOf(first);
    expect(cookie).toContain('pet.session_token=');
    const info = await myinfo({ cookie });
    expect(info.json().email).toBe(user.email);
    expect((await exchange()).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/v1/auth/customtoken', {})).statusCode).toBe(401);
  });

  it('the operator mints a sign-in token for a user (mint-signin-token)', async () => {
    const user = await registeredUser(t.app);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      ['mint-signin-token', '--email', user.email, '--continue-url', 'http://localhost:3000/my-account'],
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
      },
      adminEnv(),
    );
    expect(code, err.join('\n')).toBe(0);
    const [token, url] = out;
    expect(url).toBe(
      `http://localhost:3000/signin?continueUrl=${encodeURIComponent('http://localhost:3000/my-account')}&token=${encodeURIComponent(token!)}`,
    );
    const exchange = await call(
      t.app,
      'POST',
      '/identity/one-time-token/verify',
      { token },
      { ip: freshIp() },
    );
    expect(exchange.statusCode).toBe(200);
    expect((await myinfo({ cookie: cookiesOf(exchange) })).json().id).toBe(user.id);
  });
});

function adminEnv(): NodeJS.ProcessEnv {
  return {
    DATA_DIR: t.config.dataDir,
    ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
    NODE_ENV: 'test',
  };
}

describe(`admin ban (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('refuses the banned user sign-in and every call of an existing session with the admin message', async () => {
    const user = await registeredUser(t.app);
    const io = { out: () => undefined, err: () => undefined };
    expect(await runAdmin(['ban-user', '--email', user.email, '--reason', 'abuse'], io, adminEnv())).toBe(0);

    const signInAttempt = await signIn(t.app, user.email);
    expect(signInAttempt.statusCode).toBe(403);
    expect(signInAttempt.json()).toMatchObject({ code: 'BANNED_USER', message: BANNED_MESSAGE });

    for (const auth of [{ cookie: user.cookie }, { bearer: user.token }]) {
      const res = await myinfo(auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ key: 'Account_Disabled', message: BANNED_MESSAGE });
    }
    const session = await call(t.app, 'GET', '/identity/get-session', undefined, { cookie: user.cookie });
    expect(session.statusCode).toBe(401);
    expect(session.json().message).toBe(BANNED_MESSAGE);

    const change = await call(
      t.app,
      'POST',
      '/identity/change-password',
      { currentPassword: PASSWORD, newPassword: 'other-pass-2' },
      { cookie: user.cookie, ip: freshIp() },
    );
    expect(change.statusCode).toBe(401);
    expect(change.json().message).toBe(BANNED_MESSAGE);
    // No way around it: custom tokens do not sign a banned user in either.
    const minted = await call(
      t.app,
      'POST',
      '/v1/auth/customtoken',
      {},
      { bearer: user.token, ip: freshIp() },
    );
    expect(minted.statusCode).toBe(401);
    expect(minted.json().message).toBe(BANNED_MESSAGE);
    // Signing out still works.
    const out = await call(t.app, 'POST', '/identity/sign-out', {}, { bearer: user.token });
    expect(out.statusCode).toBe(200);
    expect((await myinfo({ bearer: user.token })).json().key).toBe('Session_Expired_Text');

    expect(await runAdmin(['unban-user', '--email', user.email], io, adminEnv())).toBe(0);
    const back = await signIn(t.app, user.email);
    expect(back.statusCode).toBe(200);
    expect((await myinfo({ cookie: cookiesOf(back) })).statusCode).toBe(200);
  });

  it('a ban with an end date ends by itself', async () => {
    const user = await registeredUser(t.app);
    await setBan(t.app.db, t.app.database.kind, user.id, {
      banned: true,
      reason: null,
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await myinfo({ cookie: user.cookie })).statusCode).toBe(200);
    expect((await signIn(t.app, user.email)).statusCode).toBe(200);
  });
});
