import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { resolveBrandHostsLocally, runPetJourney } from './pets-journey.ts';

let server: RunningServer;
let browser: Browser;

resolveBrandHostsLocally();

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('pets in the dog brand (German, phone, dark)', () => {
  it('adds a dog (species fixed) with a cropped photo, edits everything, deletes it', async () => {
    await runPetJourney(server, browser, {
      language: 'de',
      brand: 'hundeschutz',
      species: 'Dog',
      context: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' },
      shots: 'pets-de-phone-dark-hundeschutz',
      // Activated with the "Schutz" plan (one pet): its limit message, never a buy button here.
      plan: 'protect',
      limit: { message: 'Sie haben die Anzahl der Tiere Ihres Tarifs erreicht', buyButton: false },
    });
  }, 150_000);
});
