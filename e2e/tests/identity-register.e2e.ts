import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generateCode } from '../support/admin.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import {
  LOCALE,
  closeQuietly,
  expectPetsMenu,
  expectShell,
  field,
  mailLink,
  myInfoInBrowser,
  signInThroughForm,
  signOutThroughMenu,
  tr,
  uniqueEmail,
  type Lang,
} from './identity-helpers.ts';

/**
 * Registration through the UI (account-area sections 2, 4, 5, 8): without a code, with a valid
 * code, and in the tracker brand with a tracker id; the verification mail from the dev outbox;
 * signing in and out.
 */
let server: RunningServer;
let browser: Browser;
const PASSWORD = 'Sommer-2024';

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function fillAccountFields(page: Page, lang: Lang, values: { name: string; email: string }) {
  await field(page, tr(lang, 'identity.fields.name')).fill(values.name);
  await field(page, tr(lang, 'identity.fields.email')).fill(values.email);
  await field(page, tr(lang, 'identity.fields.password')).fill(PASSWORD);
  await field(page, tr(lang, 'identity.fields.confirmPassword')).fill(PASSWORD);
}

describe('registration without a code, verification, sign-in and sign-out', () => {
  it.each([
    { lang: 'en' as const, viewport: 'desktop' as const, colorScheme: 'light' as const, choice: 'choiceNo' },
    {
      lang: 'de' as const,
      viewport: 'phone' as const,
      colorScheme: 'dark' as const,
      choice: 'choiceWithout',
    },
  ])('$lang on $viewport ($colorScheme)', async ({ lang, viewport, colorScheme, choice }) => {
    const context = await newContext(browser, { locale: LOCALE[lang], viewport, colorScheme });
    const page = await context.newPage();
    const email = uniqueEmail(`register-${lang}`);
    const name = lang === 'en' ? 'Emma Walker' : 'Jürgen Größe';
    try {
      await page.goto(`${server.url}/signin`);
      await page.getByRole('link', { name: tr(lang, 'identity.signIn.register') }).click();
      await page.waitForURL((url) => url.pathname === '/register');
      await page.getByRole('heading', { level: 1, name: tr(lang, 'route.register') }).waitFor();
      await screenshot(page, `identity-register-choice-${lang}-${viewport}-${colorScheme}`);

      // The fields appear directly when the user has no code.
      const nameField = field(page, tr(lang, 'identity.fields.name'));
      expect(await nameField.isVisible()).toBe(false);
      await page.getByRole('radio', { name: tr(lang, `identity.register.${choice}`) }).check();
      await nameField.waitFor();

      // Validation on blur with the spec's keys.
      await nameField.focus();
      await nameField.blur();
      await page.getByText(tr(lang, 'Name_Error')).waitFor();
      await field(page, tr(lang, 'identity.fields.password')).fill(PASSWORD);
      const confirm = field(page, tr(lang, 'identity.fields.confirmPassword'));
      await confirm.fill('something-else');
      await confirm.blur();
      await page.getByText(tr(lang, 'Match_Password_Text')).waitFor();
      // The character counter of the password (max 30).
      await page.getByText(`${PASSWORD.length}/30`).first().waitFor();

      await fillAccountFields(page, lang, { name, email });
      await screenshot(page, `identity-register-filled-${lang}-${viewport}-${colorScheme}`);
      await page.getByRole('button', { name: tr(lang, 'identity.register.submit'), exact: true }).click();

      // Step 1: the thank-you screen with the Login button to /.
      await page.getByRole('heading', { level: 1, name: tr(lang, 'identity.thankYou.title') }).waitFor();
      await page.getByText(tr(lang, 'identity.thankYou.text', { email })).waitFor();
      await screenshot(page, `identity-register-thanks-${lang}-${viewport}-${colorScheme}`);
      expect(
        await page
          .getByRole('link', { name: tr(lang, 'identity.thankYou.login'), exact: true })
          .getAttribute('href'),
      ).toBe('/');

      // The verification mail from the dev outbox: the link verifies the address and signs nobody
      // in (mail scanners and shared devices open links): the sign-in screen says so.
      await page.goto(await mailLink(server.url, email, '/identity/verify-email'));
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText(tr(lang, 'identity.signIn.emailVerified')).waitFor();
      expect((await myInfoInBrowser(page)).status).toBe(401);
      await screenshot(page, `identity-register-verified-${lang}-${viewport}-${colorScheme}`);

      await signInThroughForm(page, lang, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expectShell(page, lang, name);
      await expectPetsMenu(page, lang);
      await signOutThroughMenu(page, lang, name);
      await signInThroughForm(page, lang, email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const info = await myInfoInBrowser<{ name: string; language: string; product: { name: string } }>(page);
      expect(info.status).toBe(200);
      expect(info.body.name).toBe(name);
      expect(info.body.language).toBe(lang === 'en' ? 'English' : 'German');
      await signOutThroughMenu(page, lang, name);
      expect((await myInfoInBrowser(page)).status).toBe(401);
    } finally {
      await closeQuietly(context);
    }
  });
});

describe('registration with an activation code', () => {
  it('checks the code on OK, shows the fields after a valid code and attaches the product (en)', async () => {
    // Its own code: a retried attempt must not find the code redeemed by the failed one.
    const code = await generateCode(server, { product: 'premium' });
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    const email = uniqueEmail('register-code');
    try {
      await page.goto(`${server.url}/register`);
      await page.getByRole('radio', { name: tr('en', 'identity.register.choiceYes') }).check();
      const codeField = field(page, tr('en', 'identity.fields.activationCode'));
      const ok = page.getByRole('button', { name: tr('en', 'identity.register.checkCode'), exact: true });

      // Empty: required on OK. One character: not checked, invalid. Unknown: the server says so.
      await ok.click();
      await page.getByText(tr('en', 'No_Code')).waitFor();
      await codeField.fill('X');
      await ok.click();
      await page.getByText(tr('en', 'Invalid_Code')).waitFor();
      await codeField.fill('NOPE-NOPE-NOPE');
      await ok.click();
      await page.getByText(tr('en', 'Invalid_Code')).waitFor();
      expect(await field(page, tr('en', 'identity.fields.name')).isVisible()).toBe(false);

      await codeField.fill(code);
      await ok.click();
      await page.getByText(tr('en', 'identity.register.codeValidProduct', { product: 'Premium' })).waitFor();
      await field(page, tr('en', 'identity.fields.name')).waitFor();
      await screenshot(page, 'identity-register-code-valid-en-desktop-light');

      await fillAccountFields(page, 'en', { name: 'Paula Premium', email });
      await page.getByRole('button', { name: tr('en', 'identity.register.submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: tr('en', 'identity.thankYou.title') }).waitFor();

      await page.goto(await mailLink(server.url, email, '/identity/verify-email'));
      await page.waitForURL((url) => url.pathname === '/signin');
      await signInThroughForm(page, 'en', email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const info = await myInfoInBrowser<{ product: { name: string }; product_associated: boolean }>(page);
      expect(info.body.product.name).toBe('Premium');
      expect(info.body.product_associated).toBe(true);

      // A register link for someone else signs the current user out first; then the same code a
      // second time is already redeemed.
      await page.goto(`${server.url}/register?email=${encodeURIComponent(uniqueEmail('other'))}`);
      const yes = page.getByRole('radio', { name: tr('en', 'identity.register.choiceYes') });
      await yes.waitFor();
      expect((await myInfoInBrowser(page)).status).toBe(401);
      await yes.check();
      await field(page, tr('en', 'identity.fields.activationCode')).fill(code);
      await page.getByRole('button', { name: tr('en', 'identity.register.checkCode'), exact: true }).click();
      await page.getByText(tr('en', 'Code_Already_Redeemed')).waitFor();
    } finally {
      await closeQuietly(context);
    }
  });

  it('asks the tracker brand for the tracker id and registers it with the code (de, phone)', async () => {
    // Its own tracker and code: a retried attempt must not find them taken by the failed one.
    const trackerId = `TRK-${Date.now().toString(36).toUpperCase()}`;
    const code = await generateCode(server, { brand: 'gpstracker', product: 'basis12', tracker: trackerId });
    const origin = server.brandUrl('gpstracker');
    const context = await newContext(browser, { locale: 'de-DE', viewport: 'phone' });
    const page = await context.newPage();
    const email = uniqueEmail('register-tracker');
    try {
      await page.goto(`${origin}/register`);
      await page.getByRole('heading', { level: 1, name: tr('de', 'route.register') }).waitFor();
      // The tracker brand offers yes and no, never "without".
      expect(await page.getByRole('radio').count()).toBe(2);
      expect(
        await page.getByRole('radio', { name: tr('de', 'identity.register.choiceWithout') }).count(),
      ).toBe(0);

      await page.getByRole('radio', { name: tr('de', 'identity.register.choiceYes') }).check();
      await field(page, tr('de', 'identity.fields.activationCode')).fill(code);
      const ok = page.getByRole('button', { name: tr('de', 'identity.register.checkCode'), exact: true });
      await ok.click();
      await page.getByText(tr('de', 'GPS_Tracker_Id')).waitFor();
      const trackerField = field(page, tr('de', 'identity.fields.trackerId'));
      await trackerField.fill('TRK-2');
      await ok.click();
      await page.getByText(tr('de', 'Invalid_GPS_id')).waitFor();
      await trackerField.fill(trackerId);
      await ok.click();
      await page.getByText(tr('de', 'identity.register.codeValidProduct', { product: 'BASIS 12' })).waitFor();
      await screenshot(page, 'identity-register-tracker-de-phone-light');

      await fillAccountFields(page, 'de', { name: 'Tina Tracker', email });
      await page.getByRole('button', { name: tr('de', 'identity.register.submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: tr('de', 'identity.thankYou.title') }).waitFor();

      // One outbox holds the mail of every brand.
      await page.goto(await mailLink(server.url, email, '/identity/verify-email'));
      await page.waitForURL((url) => url.pathname === '/signin');
      await signInThroughForm(page, 'de', email, PASSWORD);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const info = await myInfoInBrowser<{ product: { name: string }; tracker_ids: string[] }>(page);
      expect(info.body.product.name).toBe('BASIS 12');
      expect(info.body.tracker_ids).toEqual([trackerId]);
    } finally {
      await closeQuietly(context);
    }
  });

  it('shows the paid-order message instead of the code choice', async () => {
    const context = await newContext(browser, { locale: 'de-DE', colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/register?status=successfully-ordered`);
      await page.getByText(tr('de', 'identity.register.ordered')).waitFor();
      expect(await page.getByRole('radio').count()).toBe(0);
      await field(page, tr('de', 'identity.fields.name')).waitFor();
      await screenshot(page, 'identity-register-ordered-de-desktop-dark');
    } finally {
      await closeQuietly(context);
    }
  });
});
