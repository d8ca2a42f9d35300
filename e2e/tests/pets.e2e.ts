import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { runPetJourney } from './pets-journey.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pets (English, desktop, light)', () => {
  it('adds a cat with a cropped photo, edits every field and the weights, deletes it', async () => {
    await runPetJourney(server, browser, {
      language: 'en',
      species: 'Cat',
      context: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light' },
      shots: 'pets-en-desktop-light',
      // The free plan: one pet, then the free limit message with the buy-subscription button.
      limit: { message: 'The free plan includes one pet', buyButton: true },
    });
  }, 150_000);
});
