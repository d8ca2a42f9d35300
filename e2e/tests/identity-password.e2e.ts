import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createUser, signedInContext } from '../support/session.ts';
import {
  closeQuietly,
  expectShell,
  field,
  mailLink,
  signInThroughForm,
  signOutThroughMenu,
  tr,
} from './identity-helpers.ts';

/**
 * Forgot and reset password through the mail, and change password (account-area sections 2, 5, 8):
 * the new password works, the old one does not, and other sessions end.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('forgot password', () => {
  it('mail, new password: the new one works and the old one does not (en)', async () => {
    const user = await createUser(server, { name: 'Rosa Reset', language: 'en' });
    const newPassword = 'Herbst-2025!';
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/signin`);
      await field(page, tr('en', 'identity.fields.email')).fill(user.email);
      await page.getByRole('link', { name: tr('en', 'identity.signIn.forgot') }).click();
      await page.waitForURL((url) => url.pathname === '/forgot-password');
      await page.getByRole('heading', { level: 1, name: tr('en', 'route.forgotPassword') }).waitFor();
      expect(await field(page, tr('en', 'identity.fields.email')).inputValue()).toBe(user.email);
      await screenshot(page, 'identity-forgot-en-desktop-light');
      await page.getByRole('button', { name: tr('en', 'identity.forgot.submit'), exact: true }).click();

      await page.waitForURL((url) => url.pathname === '/reset-password');
      expect(new URL(page.url()).searchParams.get('email')).toBe(user.email);
      await page.getByRole('heading', { level: 1, name: tr('en', 'identity.reset.sentTitle') }).waitFor();
      await page.getByText(tr('en', 'identity.reset.sentTo', { email: user.email })).waitFor();
      expect(
        await page.getByRole('link', { name: tr('en', 'identity.reset.resend') }).getAttribute('href'),
      ).toBe(`/forgot-password?email=${encodeURIComponent(user.email)}`);
      await screenshot(page, 'identity-reset-sent-en-desktop-light');

      const link = await mailLink(server.url, user.email, '/reset-password?token=');
      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: tr('en', 'identity.reset.newTitle') }).waitFor();
      await field(page, tr('en', 'identity.fields.newPassword')).fill(newPassword);
      const confirm = field(page, tr('en', 'identity.fields.confirmPassword'));
      await confirm.fill('something else');
      await confirm.blur();
      await page.getByText(tr('en', 'Match_Password_Text')).waitFor();
      await confirm.fill(newPassword);
      await screenshot(page, 'identity-reset-new-en-desktop-light');
      await page.getByRole('button', { name: tr('en', 'identity.reset.submit') }).click();

      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText(tr('en', 'identity.reset.done')).waitFor();
      await signInThroughForm(page, 'en', user.email, newPassword);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expectShell(page, 'en', user.name);
      await signOutThroughMenu(page, 'en', user.name);
      await signInThroughForm(page, 'en', user.email, user.password);
      await page.getByRole('alert').getByText(tr('en', 'Invalid_Credentials')).waitFor();

      // The link is single use.
      await page.goto(link);
      await field(page, tr('en', 'identity.fields.newPassword')).fill('Winter-2026!');
      await field(page, tr('en', 'identity.fields.confirmPassword')).fill('Winter-2026!');
      await page.getByRole('button', { name: tr('en', 'identity.reset.submit') }).click();
      await page.getByRole('alert').getByText(tr('en', 'identity.reset.linkInvalid')).waitFor();
    } finally {
      await closeQuietly(context);
    }
  });

  it('the screens on a phone in dark mode (de)', async () => {
    const context = await newContext(browser, { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/forgot-password`);
      await page.getByRole('heading', { level: 1, name: tr('de', 'route.forgotPassword') }).waitFor();
      const email = field(page, tr('de', 'identity.fields.email'));
      await email.fill('kein-gueltiger@');
      await email.blur();
      await page.getByText(tr('de', 'Email_Format_Error')).waitFor();
      await screenshot(page, 'identity-forgot-de-phone-dark');
      await page.goto(`${server.url}/reset-password?email=max%40example.org`);
      await page.getByText(tr('de', 'identity.reset.sentTo', { email: 'max@example.org' })).waitFor();
      await screenshot(page, 'identity-reset-sent-de-phone-dark');
      await page.goto(`${server.url}/reset-password?token=not-a-real-token`);
      await page.getByRole('heading', { level: 1, name: tr('de', 'identity.reset.newTitle') }).waitFor();
      await screenshot(page, 'identity-reset-new-de-phone-dark');
    } finally {
      await closeQuietly(context);
    }
  });
});

describe('change password', () => {
  it('refuses a wrong old password, then changes it, signs out and ends other sessions (de, phone, dark)', async () => {
    const user = await createUser(server, { name: 'Clara Change', language: 'de' });
    const newPassword = 'Neues-Passwort-1';
    const context = await signedInContext(browser, user, {
      locale: 'de-DE',
      viewport: 'phone',
      colorScheme: 'dark',
    });
    const otherDevice = await signedInContext(browser, user, { locale: 'de-DE' });
    try {
      const other = await otherDevice.newPage();
      await other.goto(`${server.url}/dashboard`);
      await expectShell(other, 'de', user.name);

      const page = await context.newPage();
      await page.goto(`${server.url}/my-account/change-password`);
      await page.getByRole('heading', { level: 1, name: tr('de', 'route.changePassword') }).waitFor();
      const old = field(page, tr('de', 'identity.fields.oldPassword'));
      await old.focus();
      await old.blur();
      await page.getByText(tr('de', 'Password_Error')).waitFor();
      await old.fill('falsches-passwort');
      await field(page, tr('de', 'identity.fields.newPassword')).fill(newPassword);
      await field(page, tr('de', 'identity.fields.confirmPassword')).fill(newPassword);
      await page.getByRole('button', { name: tr('de', 'identity.changePassword.submit') }).click();
      await page.getByRole('alert').getByText(tr('de', 'Invalid_Password_Text')).waitFor();
      await screenshot(page, 'identity-change-password-error-de-phone-dark');

      await old.fill(user.password);
      await page.getByRole('button', { name: tr('de', 'identity.changePassword.submit') }).click();
      // Signed out, to / and from there to the sign-in screen.
      await page.waitForURL((url) => url.pathname === '/signin');
      await page.getByText(tr('de', 'identity.changePassword.done')).waitFor();

      // The other device's session ended too.
      await other.reload();
      await other.waitForURL((url) => url.pathname === '/signin');

      await signInThroughForm(page, 'de', user.email, newPassword);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await expectShell(page, 'de', user.name);
    } finally {
      await closeQuietly(context);
      await closeQuietly(otherDevice);
    }
  });
});
