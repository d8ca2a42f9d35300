import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCode } from '../support/admin.ts';
import { launchBrowser, newContext, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, signedInContext } from '../support/session.ts';

/**
 * Access (issue 14 items 1, 19, 21): the dog brand's product-visibility state holds on typed URLs
 * and in the API; the access classes of account-area section 2 for an anonymous visitor; the
 * tracker brand's GPS trackers screen at phone and desktop width, light and dark.
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

describe('access gate', () => {
  it('keeps a dog-brand user without a product on the activation page for every typed URL', async () => {
    const user = await createUser(server, { brand: 'hundeschutz', language: 'en' });
    const context = await signedInContext(browser, user, { locale: 'en-US' });
    const page = await context.newPage();
    for (const path of ['/dashboard', '/dashboard/my-pets', '/pet-details/Rex/some-pet-id/medical-data']) {
      await page.goto(`${user.origin}${path}`);
      await page.waitForURL((url) => url.pathname === '/my-account/activate-product');
      await page.getByRole('heading', { level: 1, name: 'Activate product' }).waitFor();
      await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    }
    await screenshot(page, 'access-gate-dog-brand-activation-en-desktop');
    // The API holds the same line (471 Product_Not_Attached_Text).
    const pets = await api<{ key: string }>(user, 'POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog' });
    expect(pets.status).toBe(471);
    expect(pets.body.key).toBe('Product_Not_Attached_Text');

    // A code attaches the product: the typed URL opens, with the sidebar.
    const code = await generateCode(server, { brand: 'hundeschutz', product: 'premium' });
    expect((await api(user, 'POST', '/v1/auth/verifycode', { code })).status).toBe(200);
    await page.goto(`${user.origin}/dashboard/my-pets`);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/my-pets');
    await context.close();
  });

  it('sends an anonymous visitor by access class: profile to / (then /signin), pet data and account pages with continueUrl', async () => {
    const context = await newContext(browser, { locale: 'en-US' });
    const page = await context.newPage();
    // Only the pages the spec names (profile, settings) go to / first (issue 40.8).
    await page.goto(`${server.url}/my-account/profile`);
    await page.waitForURL((url) => url.pathname === '/signin');
    expect(new URL(page.url()).search).toBe('');
    await page.goto(`${server.url}/dashboard/my-pets`);
    await page.waitForURL((url) => url.pathname === '/signin' && url.search !== '');
    expect(new URL(page.url()).searchParams.get('continueUrl')).toBe('/dashboard/my-pets');
    await page.goto(`${server.url}/my-account/change-password`);
    await page.waitForURL((url) => url.pathname === '/signin' && url.search !== '');
    expect(new URL(page.url()).searchParams.get('continueUrl')).toBe('/my-account/change-password');
    await context.close();
  });

  it('shows the tracker brand its GPS trackers, read-only (phone and desktop, light and dark)', async () => {
    const user = await createUser(server, { brand: 'gpstracker', language: 'en' });
    const code = await generateCode(server, { brand: 'gpstracker', product: 'basis12' });
    const redeemed = await api(user, 'POST', '/v1/auth/verifycode', { code, tracker_ids: ['TRK-4711'] });
    expect(redeemed.status).toBe(200);
    for (const viewport of ['phone', 'desktop'] as const) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await signedInContext(browser, user, { locale: 'en-US', viewport, colorScheme });
        const page = await context.newPage();
        await page.goto(`${user.origin}/my-account/trackers`);
        await page.getByRole('heading', { level: 1, name: 'GPS trackers' }).waitFor();
        const card = page.getByRole('region', { name: 'Tracker TRK-4711' });
        await card.waitFor();
        expect(await card.getByRole('term').allTextContents()).toEqual([
          'ID',
          'Name',
          'Number',
          'Battery',
          'Speed',
          'Position',
          'Status',
          'Last contact',
        ]);
        // Nothing overflows the phone's width.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await screenshot(page, `access-trackers-en-${viewport}-${colorScheme}`);
        await context.close();
      }
    }
  });

  it("speaks the stored language and stores the sidebar's choice (one language, issue 14.4)", async () => {
    const user = await createUser(server, { language: 'de' });
    // An English browser: the account's German wins once signed in.
    const context = await signedInContext(browser, user, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${server.url}/my-account/profile/settings`);
    await page.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Deutsch' }).isChecked()).toBe(true);

    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('button', { name: 'Sprache ändern' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(await page.getByRole('radio', { name: 'English' }).isChecked()).toBe(true);
    await expect
      .poll(async () => (await api<{ language: string }>(user, 'GET', '/v1/auth/myinfo')).body.language)
      .toBe('English');
    // A fresh page load keeps it: what the UI shows is what is stored.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await context.close();
  });
});
