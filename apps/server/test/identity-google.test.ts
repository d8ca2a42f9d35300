import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@pet/contract';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, cookiesOf, freshIp, registeredUser, uniqueEmail } from './identity-helpers.ts';

/**
 * Google sign-in through OpenID Connect discovery, against a local OpenID provider (oidc-provider)
 * on a free port. Its interactions (login, consent) are answered by the test: the account signs in
 * as whoever `nextAccount` names.
 */
interface TestAccount {
  sub: string;
  email: string;
  name: string;
}

let provider: Provider;
let server: http.Server;
let issuer: string;
let nextAccount: TestAccount;
const accounts = new Map<string, TestAccount>();
let t: TestApp;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'pet-portal',
        client_secret: 'pet-portal-secret',
        redirect_uris: ['http://localhost:3000/identity/callback/google'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    jwks: {
      keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
    },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 600,
    },
    pkce: { required: () => false },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/interaction/')) return next();
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    accounts.set(nextAccount.sub, nextAccount);
    const grant = new provider.Grant({
      accountId: nextAccount.sub,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId: nextAccount.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });
  server.on('request', provider.callback());
  t = await createTestApp({
    PUBLIC_URL: 'http://localhost:3000',
    GOOGLE_ISSUER: issuer,
    GOOGLE_CLIENT_ID: 'pet-portal',
    GOOGLE_CLIENT_SECRET: 'pet-portal-secret',
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** A browser at the provider: follows redirects there, keeping the provider's cookies. */
async function browseProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    if (!url.href.startsWith(issuer)) return url;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!, value.join('='));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status} without a redirect: ${await res.text()}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

async function googleSignIn(account: TestAccount, host = 'localhost:3000') {
  nextAccount = account;
  const start = await call(
    t.app,
    'POST',
    '/identity/sign-in/social',
    {
      provider: 'google',
      callbackURL: 'http://localhost:3000/dashboard',
      errorCallbackURL: 'http://localhost:3000/signin',
    },
    { host, ip: freshIp() },
  );
  expect(start.statusCode, start.body).toBe(200);
  const { url } = start.json() as { url: string };
  expect(url.startsWith(`${issuer}/auth`)).toBe(true);
  const back = await browseProvider(url);
  expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/identity/callback/google');
  const callback = await call(t.app, 'GET', `${back.pathname}${back.search}`, undefined, {
    host,
    cookie: cookiesOf(start),
    ip: freshIp(),
  });
  return callback;
}

describe(`Google sign-in through OpenID Connect (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('shows the Google button when configured', async () => {
    const config = publicConfigSchema.parse((await t.app.inject({ url: '/v1/config' })).json());
    expect(config.identity.google).toBe(true);
  });

  it('creates and signs in a new user on the default plan with a cookie session', async () => {
    const account = { sub: 'google-1', email: uniqueEmail('google'), name: 'Gina Google' };
    const callback = await googleSignIn(account);
    expect(callback.statusCode, callback.body).toBe(302);
    expect(callback.headers.location).toBe('http://localhost:3000/dashboard');
    const cookie = cookiesOf(callback);
    expect(cookie).toContain('pet.session_token=');
    const info = await call(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      email: account.email,
      name: 'Gina Google',
      product: { name: 'Free' },
    });
    const user = await t.app.db
      .selectFrom('user')
      .select(['partnerId', 'emailVerified'])
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(user.partnerId).toBe('primepet');
    expect(Boolean(user.emailVerified)).toBe(true);
    // A second sign-in finds the same account.
    const again = await googleSignIn(account);
    expect(again.statusCode).toBe(302);
    const second = await call(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: cookiesOf(again) });
    expect(second.json().id).toBe(info.json().id);
  });

  it('refuses an account of another brand: back to the error URL with USER_NOT_ON_THIS_PLATFORM', async () => {
    const user = await registeredUser(t.app, {}, { host: 'gpstracker.localhost:3000' });
    const callback = await googleSignIn({ sub: 'google-3', email: user.email, name: 'Tracker User' });
    expect(callback.statusCode).toBe(302);
    const location = new URL(String(callback.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/signin');
    expect(location.searchParams.get('error')).toBe('USER_NOT_ON_THIS_PLATFORM');
    expect(cookiesOf(callback)).not.toContain('pet.session_token=');
  });

  it('links Google to an existing verified account with the same e-mail', async () => {
    const user = await registeredUser(t.app);
    const callback = await googleSignIn({ sub: 'google-2', email: user.email, name: 'Someone' });
    expect(callback.statusCode).toBe(302);
    const info = await call(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: cookiesOf(callback) });
    expect(info.json().id).toBe(user.id);
  });
});
