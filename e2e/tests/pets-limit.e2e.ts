import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, signedInContext } from '../support/session.ts';
import { choose, fill, TEXT } from './pets-journey.ts';

/**
 * The free plan's pet limit (pets_limit 1) in the UI: the list and the add page show the plan's
 * message with the buy-subscription button, and an add that the server refuses (the limit was
 * reached meanwhile, e.g. on the phone app) shows the message instead of a second pet.
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

const petCount = async (user: Awaited<ReturnType<typeof createUser>>) =>
  (await api<{ pets: unknown[] }>(user, 'GET', '/v1/auth/myinfo')).body.pets.length;

describe('pet limit of the free plan', () => {
  it('replaces the add entry by the free limit message with the buy button (en, desktop, dark)', async () => {
    const text = TEXT.en;
    const user = await createUser(server, { language: 'en' });
    expect((await api(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' })).status).toBe(201);
    const context = await signedInContext(browser, user, { locale: 'en-US', colorScheme: 'dark' });
    const page = await context.newPage();
    try {
      await page.goto(`${user.origin}/dashboard/my-pets`);
      const limit = page.getByTestId('pet-limit-message');
      await limit.getByText(text.freeLimit).waitFor();
      expect(await page.getByRole('link', { name: text.addPet }).count()).toBe(0);
      await screenshot(page, 'pets-limit-en-desktop-dark-list');

      // The add page itself shows the message too (a bookmark or the sidebar's old link).
      await page.goto(`${user.origin}/dashboard/new-pet`);
      await page.getByTestId('pet-limit-message').getByText(text.freeLimit).waitFor();
      expect(await page.getByRole('textbox', { name: /^Name/ }).count()).toBe(0);

      await page.getByRole('link', { name: text.buySubscription }).click();
      await page.waitForURL((url) => url.pathname === '/my-account/subscription');
    } finally {
      await context.close();
    }
  });

  it('shows the message when the server refuses a second pet (de, phone, light)', async () => {
    const text = TEXT.de;
    const user = await createUser(server, { language: 'de' });
    const context = await signedInContext(browser, user, { locale: 'de-DE', viewport: 'phone' });
    const page = await context.newPage();
    try {
      await page.goto(`${user.origin}/dashboard/new-pet`);
      await fill(page, new RegExp(`^${text.name}`), 'Minka');
      await choose(page, new RegExp(`^${text.species}`), text.cat);
      // Meanwhile the one pet of the free plan is added elsewhere.
      expect((await api(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' })).status).toBe(201);
      await page.getByRole('button', { name: text.createPet, exact: true }).click();
      const limit = page.getByTestId('pet-limit-message');
      await limit.getByText(text.freeLimit).waitFor();
      await limit.getByRole('link', { name: text.buySubscription }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/dashboard/new-pet');
      expect(await page.getByRole('button', { name: text.createPet, exact: true }).isEnabled()).toBe(true);
      expect(await petCount(user)).toBe(1);
      await screenshot(page, 'pets-limit-de-phone-light-refused');
    } finally {
      await context.close();
    }
  });
});
