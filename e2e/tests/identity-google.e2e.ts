import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { closeQuietly, expectShell, mailLink, myInfoInBrowser, tr, uniqueEmail } from './identity-helpers.ts';

/**
 * Google sign-in through OpenID Connect against a local OpenID provider (oidc-provider, as in the
 * server's Google test): the server is started with GOOGLE_ISSUER, GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET; the provider's login and consent are answered at once for `nextAccount`.
 */
interface TestAccount {
  sub: string;
  email: string;
  name: string;
}

/** oidc-provider ships no types; the little this file uses. */
interface OidcProvider {
  Grant: new (properties: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
  use(middleware: (ctx: OidcContext, next: () => Promise<void>) => Promise<void>): void;
  callback(): http.RequestListener;
  interactionDetails(
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
}
interface OidcContext {
  path: string;
  req: http.IncomingMessage;
  res: http.ServerResponse;
}
type OidcProviderClass = new (issuer: string, configuration: Record<string, unknown>) => OidcProvider;

const CLIENT_ID = 'pet-portal-e2e';
const CLIENT_SECRET = 'pet-portal-e2e-secret';

let server: RunningServer;
let browser: Browser;
let oidcServer: http.Server;
let nextAccount: TestAccount;
const accounts = new Map<string, TestAccount>();

async function startOpenIdProvider(): Promise<{
  issuer: string;
  configure: (redirectUri: string) => Promise<void>;
}> {
  let listener: http.RequestListener | null = null;
  oidcServer = http.createServer((req, res) => {
    if (listener) listener(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => oidcServer.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(oidcServer.address() as AddressInfo).port}`;
  const configure = async (redirectUri: string) => {
    const moduleName = 'oidc-provider';
    const Provider = ((await import(moduleName)) as { default: OidcProviderClass }).default;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      jwks: {
        keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })],
      },
      pkce: { required: () => false },
      ttl: {
        Interaction: 600,
        Grant: 600,
        Session: 600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 600,
      },
      async findAccount(_ctx: unknown, sub: string) {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
        };
      },
    });
    // Login and consent: answered at once for nextAccount (the person "at the keyboard").
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
    listener = provider.callback();
  };
  return { issuer, configure };
}

beforeAll(async () => {
  const openId = await startOpenIdProvider();
  [server, browser] = await Promise.all([
    startServer({
      GOOGLE_ISSUER: openId.issuer,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    }),
    launchBrowser(),
  ]);
  // The provider learns the callback once the portal's port is known (discovery happens at sign-in).
  await openId.configure(`${server.url}/identity/callback/google`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => oidcServer?.close(resolve));
});

async function clickGoogle(page: Page, lang: 'en' | 'de') {
  await page.getByRole('button', { name: tr(lang, 'identity.signIn.google') }).click();
}

describe('Google sign-in', () => {
  it('signs a new user in through the OpenID provider and lands in the shell (en)', async () => {
    nextAccount = { sub: 'google-e2e-1', email: uniqueEmail('google'), name: 'Gina Google' };
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/signin`);
      await page.getByRole('button', { name: tr('en', 'identity.signIn.google') }).waitFor();
      await screenshot(page, 'identity-signin-google-en-desktop-light');
      await clickGoogle(page, 'en');
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
      await expectShell(page, 'en', nextAccount.name);
      const info = await myInfoInBrowser<{ email: string; product: { name: string } }>(page);
      expect(info.body.email).toBe(nextAccount.email);
      expect(info.body.product.name).toBe('Free');
    } finally {
      await closeQuietly(context);
    }
  });

  it('returns to continueUrl, and refuses an account of another brand (de)', async () => {
    const context = await newContext(browser, { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      nextAccount = { sub: 'google-e2e-2', email: uniqueEmail('google-de'), name: 'Georg Google' };
      // A route of the signed-in access class keeps its way back (continueUrl); the pet-data and
      // profile routes send a signed-out visitor to / instead (account-area section 2).
      await page.goto(`${server.url}/my-account/change-password`);
      await page.waitForURL((url) => url.pathname === '/signin' && url.searchParams.has('continueUrl'));
      await clickGoogle(page, 'de');
      await page.waitForURL((url) => url.pathname === '/my-account/change-password', { timeout: 30_000 });
      expect((await myInfoInBrowser<{ email: string }>(page)).body.email).toBe(nextAccount.email);
    } finally {
      await closeQuietly(context);
    }

    // An account that belongs to the tracker brand cannot sign in here through Google.
    const trackerContext = await newContext(browser, { locale: 'de-DE' });
    const trackerPage = await trackerContext.newPage();
    try {
      const email = uniqueEmail('tracker-google');
      await trackerPage.goto(`${server.brandUrl('gpstracker')}/signin`);
      const status = await trackerPage.evaluate(async (address) => {
        const res = await fetch('/v1/auth/signup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Tom Tracker',
            email: address,
            password: 'secret-123',
            activation_code: null,
            tracker_ids: [],
            language: 'de',
            product_associated: 'no',
          }),
        });
        return res.status;
      }, email);
      expect(status).toBe(201);
      // Verified, so Google may link to it (an unverified account is never linked).
      await trackerPage.goto(await mailLink(server.url, email, '/identity/verify-email'));
      await trackerPage.waitForURL((url) => url.pathname === '/signin');
      await trackerContext.clearCookies();
      nextAccount = { sub: 'google-e2e-3', email, name: 'Tom Tracker' };
      await trackerPage.goto(`${server.url}/signin`);
      await clickGoogle(trackerPage, 'de');
      await trackerPage.waitForURL((url) => url.pathname === '/signin' && !url.searchParams.has('error'), {
        timeout: 30_000,
      });
      await trackerPage
        .getByRole('alert')
        .getByText(tr('de', 'User_Does_Not_Exist_On_This_Platform'))
        .waitFor();
      expect((await myInfoInBrowser(trackerPage)).status).toBe(401);
      await screenshot(trackerPage, 'identity-signin-google-other-brand-de-desktop-light');
    } finally {
      await closeQuietly(trackerContext);
    }
  });
});
