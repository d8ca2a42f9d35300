import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';

/** Account area: delete the account, sign out with OK, and signing in fails from then on. */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** POST /identity/sign-in/email as the browser would send it (better-auth needs an Origin). */
async function signInStatus(user: TestUser): Promise<number> {
  const res = await fetch(`${user.origin}/identity/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: user.origin },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return res.status;
}

describe('delete account', () => {
  it('cancels without deleting (de, phone, dark)', async () => {
    const user = await createUser(server, { language: 'de' });
    const context = await signedInContext(browser, user, {
      locale: 'de-DE',
      viewport: 'phone',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/delete-account`);
    await page.getByRole('heading', { level: 1, name: 'Konto löschen' }).waitFor();
    await screenshot(page, 'account-delete-de-phone-dark');
    await page.getByRole('button', { name: 'Konto löschen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Konto wirklich löschen?' });
    await dialog.waitFor();
    await screenshot(page, 'account-delete-confirm-de-phone-dark');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await api(user, 'GET', '/v1/auth/myinfo')).status).toBe(200);
    expect(await signInStatus(user)).toBe(200);
    await context.close();
  });

  it('deletes the account; OK signs out and signing in fails (en, desktop)', async () => {
    const user = await createUser(server, { language: 'en' });
    const context = await signedInContext(browser, user, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/delete-account`);
    await page.getByRole('heading', { level: 1, name: 'Delete account' }).waitFor();
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Really delete your account?' });
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.getByRole('heading', { name: 'Your account is being deleted' }).waitFor();
    await screenshot(page, 'account-deleted-en-desktop');

    // Every session of the account ended with the request; a new sign-in is refused already.
    expect((await api(user, 'GET', '/v1/auth/myinfo')).status).toBe(401);
    expect(await signInStatus(user)).not.toBe(200);

    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/signin');
    expect((await api(user, 'GET', '/v1/auth/myinfo')).status).toBe(401);
    expect(await signInStatus(user)).not.toBe(200);

    // Through the sign-in screen too: the user stays on it, signed out.
    await page.getByRole('textbox', { name: /E-mail/i }).fill(user.email);
    await page.getByLabel(/^Password/).fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await context.close();
  });
});
