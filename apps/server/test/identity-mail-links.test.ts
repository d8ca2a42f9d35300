import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, cookiesOf, freshIp, linkWithPath, registeredUser, waitForMail } from './identity-helpers.ts';
import { setBan } from '../src/modules/identity/identity.repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A magic link as the mail brings it, requested with the sign-in screen's callback URLs. */
async function magicLinkFor(email: string): Promise<URL> {
  const asked = await call(
    t.app,
    'POST',
    '/identity/sign-in/magic-link',
    {
      email,
      callbackURL: 'http://localhost:3000/signin?finish=1',
      errorCallbackURL: 'http://localhost:3000/signin',
    },
    { ip: freshIp() },
  );
  expect(asked.statusCode, asked.body).toBe(200);
  return linkWithPath(await waitForMail(t.app, email, 'magic-link'), '/identity/magic-link/verify');
}

describe(`mail links opened in the browser (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('a banned user opening a magic link lands on the sign-in screen with the ban code, signed out', async () => {
    const user = await registeredUser(t.app);
    const link = await magicLinkFor(user.email);
    await setBan(t.app.db, t.app.database.kind, user.id, { banned: true, reason: 'abuse', expiresAt: null });

    const open = await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    expect(open.statusCode).toBe(302);
    const target = new URL(open.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/signin');
    expect(target.searchParams.get('error')).toBe('BANNED_USER');
    expect(cookiesOf(open)).not.toContain('pet.session_token=');
  });

  it('a link tampered to send errors to another origin lands on this origin sign-in screen', async () => {
    const user = await registeredUser(t.app);
    const link = await magicLinkFor(user.email);
    link.searchParams.set('errorCallbackURL', 'https://evil.example/phish');

    const open = await call(t.app, 'GET', `${link.pathname}${link.search}`, undefined, { ip: freshIp() });
    expect(open.statusCode).toBe(302);
    const target = new URL(open.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://localhost:3000/signin');
    expect(target.searchParams.get('error')).toBe('INVALID_CALLBACK_URL');
    expect(cookiesOf(open)).not.toContain('pet.session_token=');
  });
});
