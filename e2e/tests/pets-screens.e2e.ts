import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, setPlanByAdmin, signedInContext } from '../support/session.ts';
import { TEXT, type Language } from './pets-journey.ts';

/**
 * The pet screens with real data in the combinations the journeys do not drive (German on a
 * desktop in dark mode, English on a phone in light mode): each screen renders its content
 * (list with two pets and the add entry, pet dashboard, My Animal with a long weight history
 * that scrolls and its chart) and is saved as a screenshot to look at.
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

const WEIGHTS = Array.from({ length: 12 }, (_, index) => ({
  weight: Math.round((24 + Math.sin(index / 2) * 1.5 + index * 0.2) * 10) / 10,
  date: `15.${String(index + 1).padStart(2, '0')}.2024`,
}));

async function visitScreens(language: Language, context: ContextOptions, shots: string) {
  const text = TEXT[language];
  const user = await createUser(server, { language });
  await setPlanByAdmin(server, user, 'premium');
  const created = await api<{ id: string }>(user, 'POST', '/v1/pet', {
    name: 'Balou',
    pet_type: 'Dog',
    gender: 'male',
    race: 'Berner Sennenhund',
    date_of_birth: '03.04.2019',
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  const update = await api(user, 'PUT', `/v1/pet?id=${id}`, {
    name: 'Balou',
    pet_type: 'Dog',
    gender: 'male',
    race: 'Berner Sennenhund',
    date_of_birth: '03.04.2019',
    size: '68 cm',
    color: 'dreifarbig',
    features: 'Weiße Blesse',
    labeling: '276098106543210',
    ancestry: 'VDH',
    weights: WEIGHTS,
  });
  expect(update.status).toBe(200);
  expect((await api(user, 'POST', '/v1/pet', { name: 'Minka', pet_type: 'Cat' })).status).toBe(201);

  const browserContext = await signedInContext(browser, user, context);
  const page = await browserContext.newPage();
  try {
    await page.goto(`${user.origin}/dashboard/my-pets`);
    await page.getByRole('link', { name: /Minka/ }).waitFor();
    await page.getByRole('link', { name: text.addPet }).waitFor();
    await screenshot(page, `${shots}-list`);

    await page.goto(`${user.origin}/pet-details/Balou/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Balou' }).waitFor();
    await page.getByText('Berner Sennenhund').waitFor();
    await screenshot(page, `${shots}-pet-dashboard`);

    await page.goto(`${user.origin}/pet-details/Balou/${id}/my-pet`);
    const history = page.getByRole('region', { name: text.weightHistory });
    await expect.poll(() => history.getByRole('listitem').count()).toBe(12);
    // Above 250 px the history scrolls inside its box.
    const box = await history.evaluate((element) => ({
      height: element.clientHeight,
      scrollHeight: element.scrollHeight,
    }));
    expect(box.height).toBeLessThanOrEqual(250);
    expect(box.scrollHeight).toBeGreaterThan(box.height);
    expect(await history.getByRole('listitem').first().textContent()).toContain('15.12.2024');
    const chart = page.getByRole('figure', { name: text.weightCurve });
    await chart.locator('svg path').first().waitFor();
    await screenshot(page, `${shots}-my-pet`);
  } finally {
    await browserContext.close();
  }
}

describe('pet screens', () => {
  it('render in German on a desktop in dark mode', async () => {
    await visitScreens(
      'de',
      { locale: 'de-DE', viewport: 'desktop', colorScheme: 'dark' },
      'pets-de-desktop-dark',
    );
  }, 90_000);

  it('render in English on a phone in light mode', async () => {
    await visitScreens(
      'en',
      { locale: 'en-US', viewport: 'phone', colorScheme: 'light' },
      'pets-en-phone-light',
    );
  }, 90_000);
});
