import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import {
  PASSWORD,
  call,
  freshIp,
  registeredUser,
  signIn,
  signup,
  uniqueEmail,
  v1,
} from './identity-helpers.ts';
import { RATE_LIMITS } from '../src/platform/rate-limit.ts';

/** Rate limits are on in tests as everywhere: the request after the limit answers 429. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function times(n: number, request: (i: number) => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await request(i)).statusCode);
  return statuses;
}

describe(`rate limits (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('sign-in: 10 per minute per IP', async () => {
    const ip = freshIp();
    const statuses = await times(10, () => signIn(t.app, uniqueEmail(), PASSWORD, { ip }));
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await signIn(t.app, uniqueEmail(), PASSWORD, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await signIn(t.app, uniqueEmail(), PASSWORD, { ip: freshIp() })).statusCode).toBe(401);
  });

  it('sign-in: 10 per 15 minutes per account, from any address', async () => {
    const email = uniqueEmail();
    const statuses = await times(RATE_LIMITS.signInPerEmail.max, () =>
      signIn(t.app, email, 'wrong-pass', { ip: freshIp() }),
    );
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect((await signIn(t.app, email, 'wrong-pass', { ip: freshIp() })).statusCode).toBe(429);
  });

  it('signup: per IP and per e-mail', async () => {
    const ip = freshIp();
    // Refused payloads count too (here: a code choice the tracker brand does not offer).
    const refused = await times(RATE_LIMITS.signupPerIp.max, () =>
      signup(t.app, { product_associated: 'without' }, { ip, host: 'gpstracker.localhost:3000' }),
    );
    expect(refused.every((s) => s === 400)).toBe(true);
    const limited = await signup(t.app, {}, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().key).toBe('Too_Many_Requests_Text');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const email = uniqueEmail();
    const perEmail = await times(RATE_LIMITS.signupPerEmail.max, () =>
      signup(t.app, { email }, { ip: freshIp(), host: 'gpstracker.localhost:3000' }).then((r) => r),
    );
    expect(perEmail[0]).toBe(201);
    expect(perEmail.slice(1).every((s) => s === 409)).toBe(true);
    expect((await signup(t.app, { email }, { ip: freshIp() })).statusCode).toBe(429);
  });

  it('code check: per IP and per code', async () => {
    const ip = freshIp();
    const check = (code: string, from = ip) =>
      call(t.app, 'POST', '/v1/auth/checkcode', { code }, { ip: from });
    const statuses = await times(RATE_LIMITS.codeCheckPerIp.max, (i) =>
      check(`ABCD-EFGH-${String(i).padStart(4, '2')}`),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await check('ABCD-EFGH-JKMN');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().key).toBe('Too_Many_Requests_Text');

    const perCode = await times(RATE_LIMITS.codeCheckPerCode.max, () => check('QRST-UVWX-YZ23', freshIp()));
    expect(perCode.every((s) => s === 200)).toBe(true);
    // The same code from a new address, even written differently: refused.
    expect((await check('qrst uvwx yz23', freshIp())).statusCode).toBe(429);
  });

  it('verifycode: per user', async () => {
    const user = await registeredUser(t.app);
    const statuses = await times(RATE_LIMITS.verifyCodePerUser.max, () =>
      v1(
        t.app,
        'POST',
        '/v1/auth/verifycode',
        { code: 'ZZZZ-ZZZZ-ZZZZ' },
        { cookie: user.cookie, ip: freshIp() },
      ),
    );
    expect(statuses.every((s) => s === 204)).toBe(true);
    const limited = await v1(
      t.app,
      'POST',
      '/v1/auth/verifycode',
      { code: 'ZZZZ-ZZZZ-ZZZZ' },
      { cookie: user.cookie, ip: freshIp() },
    );
    expect(limited.statusCode).toBe(429);
  });

  it('password reset: per IP and per e-mail, on our route and on the identity route', async () => {
    const ip = freshIp();
    const reset = (email: string, from = ip) =>
      call(
        t.app,
        'POST',
        '/v1/auth/password/reset',
        { email, url: 'http://localhost:3000/', handle_code_in_app: false },
        { ip: from },
      );
    const statuses = await times(RATE_LIMITS.resetPerIp.max, () => reset(uniqueEmail()));
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect((await reset(uniqueEmail())).statusCode).toBe(429);

    const email = uniqueEmail();
    const perEmail = await times(RATE_LIMITS.resetPerEmail.max, () => reset(email, freshIp()));
    expect(perEmail.every((s) => s === 200)).toBe(true);
    expect((await reset(email, freshIp())).statusCode).toBe(429);

    const identityIp = freshIp();
    const direct = () =>
      call(t.app, 'POST', '/identity/request-password-reset', { email: uniqueEmail() }, { ip: identityIp });
    const directStatuses = await times(5, direct);
    expect(directStatuses.every((s) => s === 200)).toBe(true);
    expect((await direct()).statusCode).toBe(429);
  });

  it('magic link: 5 per 5 minutes per IP', async () => {
    const ip = freshIp();
    const ask = () => call(t.app, 'POST', '/identity/sign-in/magic-link', { email: uniqueEmail() }, { ip });
    expect((await times(5, ask)).every((s) => s === 200)).toBe(true);
    expect((await ask()).statusCode).toBe(429);
  });

  it('verification mail: per e-mail', async () => {
    const email = uniqueEmail();
    const send = () =>
      call(
        t.app,
        'POST',
        '/v1/auth/verification/sendemail',
        { url: 'http://localhost:3000/', email },
        { ip: freshIp() },
      );
    expect((await times(RATE_LIMITS.sendVerificationPerEmail.max, send)).every((s) => s === 200)).toBe(true);
    expect((await send()).statusCode).toBe(429);
  });
});
