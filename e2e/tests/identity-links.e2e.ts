import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createUser, signedInContext, type TestUser } from '../support/session.ts';
import {
  closeQuietly,
  expectShell,
  expectSignedInAs,
  field,
  mailLink,
  myInfoInBrowser,
  signInThroughForm,
  signOutThroughMenu,
  tr,
  uniqueEmail,
} from './identity-helpers.ts';

/**
 * Sign-in without the password form (account-area sections 2, 4): the magic link from the
 * outbox, custom-token sign-in with continueUrl, and the after-sign-in decision tree of the dog
 * brand (activation page with the sidebar hidden).
 */
let server: RunningServer;
let browser: Browser;
let anna: TestUser;
let bert: TestUser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  [anna, bert] = await Promise.all([
    createUser(server, { name: 'Anna Link', language: 'de' }),
    createUser(server, { name: 'Bert Token', language: 'en' }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('magic link', () => {
  it('signs in with the link from the mail; the link works once (de)', async () => {
    const context = await newContext(browser, { locale: 'de-DE', viewport: 'phone' });
    const page = await context.newPage();
    const replay = await newContext(browser, { locale: 'de-DE' });
    try {
      await page.goto(`${server.url}/signin`);
      await page.getByRole('button', { name: tr('de', 'identity.signIn.useMagicLink') }).click();
      expect(await field(page, tr('de', 'identity.fields.password')).count()).toBe(0);
      await field(page, tr('de', 'identity.fields.email')).fill(anna.email);
      await page.getByRole('button', { name: tr('de', 'identity.signIn.sendMagicLink') }).click();
      await page.getByText(tr('de', 'identity.signIn.magicSent', { email: anna.email })).waitFor();
      await screenshot(page, 'identity-signin-magic-sent-de-phone-light');

      const link = await mailLink(server.url, anna.email, '/identity/magic-link/verify');
      await page.goto(link);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expectShell(page, 'de', anna.name);

      // Single use: the same link again lands on the sign-in screen with the explanation.
      const again = await replay.newPage();
      await again.goto(link);
      await again.waitForURL((url) => url.pathname === '/signin');
      await again.getByRole('alert').getByText(tr('de', 'identity.signIn.linkInvalid')).waitFor();
      expect((await myInfoInBrowser(again)).status).toBe(401);
    } finally {
      await closeQuietly(context);
      await closeQuietly(replay);
    }
  });
});

describe('custom-token sign-in', () => {
  async function mintToken(user: TestUser): Promise<string> {
    const res = await fetch(`${server.url}/v1/auth/customtoken`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  it('signs in by the token and goes to continueUrl, replacing another signed-in user (en)', async () => {
    const token = await mintToken(bert);
    // The browser is signed in as Anna; the token belongs to Bert.
    const context = await signedInContext(browser, anna, { locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/dashboard`);
      // Anna's account is German: the signed-in UI speaks the account's language, not the browser's.
      await expectSignedInAs(page, 'de', anna.name);
      const continueUrl = '/my-account/profile/settings?tab=language';
      await page.goto(
        `${server.url}/signin?continueUrl=${encodeURIComponent(continueUrl)}&token=${encodeURIComponent(token)}`,
      );
      await page.waitForURL((url) => url.pathname === '/my-account/profile/settings');
      expect(new URL(page.url()).search).toBe('?tab=language');
      await expectSignedInAs(page, 'en', bert.name);
      expect((await myInfoInBrowser<{ email: string }>(page)).body.email).toBe(bert.email);

      // A used token does not sign in again.
      await signOutThroughMenu(page, 'en', bert.name);
      await page.goto(`${server.url}/signin?continueUrl=%2Fdashboard&token=${encodeURIComponent(token)}`);
      await page.getByRole('alert').getByText(tr('en', 'identity.signIn.tokenInvalid')).waitFor();
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      await screenshot(page, 'identity-signin-token-invalid-en-desktop-light');
    } finally {
      await closeQuietly(context);
    }
  });
});

describe('after sign-in in the dog brand', () => {
  it('goes to the activation page with the sidebar hidden when no product came with a code', async () => {
    const origin = server.brandUrl('hundeschutz');
    const email = uniqueEmail('dog');
    const name = 'Hanna Hund';
    const password = 'Bello-2024';
    const context = await newContext(browser, { locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/register`);
      await page.getByRole('radio', { name: tr('de', 'identity.register.choiceNo') }).check();
      await field(page, tr('de', 'identity.fields.name')).fill(name);
      await field(page, tr('de', 'identity.fields.email')).fill(email);
      await field(page, tr('de', 'identity.fields.password')).fill(password);
      await field(page, tr('de', 'identity.fields.confirmPassword')).fill(password);
      await page.getByRole('button', { name: tr('de', 'identity.register.submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: tr('de', 'identity.thankYou.title') }).waitFor();
      // The verification link verifies and signs nobody in; signing in runs the after-sign-in
      // rules: straight to activation.
      await page.goto(await mailLink(server.url, email, '/identity/verify-email'));
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText(tr('de', 'identity.signIn.emailVerified')).waitFor();

      await signInThroughForm(page, 'de', email, password);
      await page.waitForURL((url) => url.pathname === '/my-account/activate-product');
      await expectSignedInAs(page, 'de', name);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Only the activation page: no sidebar and no menu button.
      expect(await page.getByRole('navigation', { name: tr('de', 'nav.mainNavigation') }).count()).toBe(0);
      expect(await page.getByRole('button', { name: tr('de', 'nav.openMenu') }).count()).toBe(0);
      await screenshot(page, 'identity-signin-dog-activation-de-desktop-light');
    } finally {
      await closeQuietly(context);
    }
  });
});
