import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enEmergency from '../../apps/web/src/locales/en/emergency.json' with { type: 'json' };
import deEmergency from '../../apps/web/src/locales/de/emergency.json' with { type: 'json' };
import enTranslation from '../../apps/web/src/locales/en/translation.json' with { type: 'json' };
import deTranslation from '../../apps/web/src/locales/de/translation.json' with { type: 'json' };
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';
import { generateCode } from '../support/admin.ts';

let server: RunningServer;
let browser: Browser;
/**
 * One owner and one free user per language (the signed-in UI speaks the account's stored language).
 * Owners are premium through a single code (their emergency password).
 */
let ownerOf: Record<Lang, TestUser>;
let freeOf: Record<Lang, TestUser>;

async function makeOwner(language: Lang): Promise<TestUser> {
  const owner = await createUser(server, { name: 'Erika Größe', language });
  const code = await generateCode(server, { product: 'premium', type: 'single' });
  const redeemed = await api(owner, 'POST', '/v1/auth/verifycode', { code });
  if (redeemed.status !== 200) throw new Error(`verifycode failed: ${redeemed.status}`);
  return owner;
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const [ownerEn, ownerDe, freeEn, freeDe] = await Promise.all([
    makeOwner('en'),
    makeOwner('de'),
    createUser(server, { name: 'Frida Free', language: 'en' }),
    createUser(server, { name: 'Frida Free', language: 'de' }),
  ]);
  ownerOf = { en: ownerEn, de: ownerDe };
  freeOf = { en: freeEn, de: freeDe };
  for (const user of [ownerEn, ownerDe, freeEn, freeDe]) {
    const pet = await api(user, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog', race: 'Labrador' });
    if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  }
  for (const owner of [ownerEn, ownerDe]) {
    const allergy = await api(owner, 'POST', `/v1/medical/allergy?pet_id=${await petIdOf(owner)}`, {
      name: 'Pollen',
      medical_type: 'allergy',
    });
    if (allergy.status !== 201) throw new Error(`allergy not added: ${allergy.status}`);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function petIdOf(user: TestUser): Promise<string> {
  const info = await api<{ pets: Array<{ id: string }> }>(user, 'GET', '/v1/auth/myinfo');
  return info.body.pets[0]!.id;
}

type Lang = 'en' | 'de';
/** The UI texts come from the app's own locale files, so the journey fails when a screen drops them. */
const TEXTS = { en: enEmergency.emergency, de: deEmergency.emergency };
const KEYS = { en: enTranslation, de: deTranslation };
const FILE_NAME = { en: 'Emergency_File.pdf', de: 'Notfallakte.pdf' };

/** Clicks, waits for the browser's download and checks it is a PDF with the expected name. */
async function downloadPdf(page: Page, click: () => Promise<void>, fileName: string) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  if (download.suggestedFilename() !== fileName)
    throw new Error(`saved as ${download.suggestedFilename()}, expected ${fileName}`);
  const file = await download.path();
  return fs.readFileSync(file);
}

describe.concurrent.each([
  { language: 'en' as const, options: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light' } },
  { language: 'de' as const, options: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark' } },
] satisfies Array<{ language: Lang; options: ContextOptions }>)(
  'emergency file ($language, $options.viewport, $options.colorScheme)',
  ({ language, options }) => {
    const suffix = `${language}-${options.viewport}-${options.colorScheme}`;

    it('the owner downloads the file in either language; a free user gets the upgrade prompt', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[language];
      const owner = ownerOf[language];
      const free = freeOf[language];
      const context = await signedInContext(browser, owner, options);
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `emergency-failure-${suffix}`);
        await context.close();
      });
      await page.goto(`${server.url}/emergency-data`);
      await page.getByRole('button', { name: text.download }).waitFor();
      await screenshot(page, `emergency-data-${suffix}`);

      // German by default; the other language after choosing it.
      const german = await downloadPdf(
        page,
        () => page.getByRole('button', { name: text.download }).click(),
        FILE_NAME.de,
      );
      expect(german.subarray(0, 5).toString()).toBe('%PDF-');
      await page.getByRole('combobox', { name: text.languageLabel }).click();
      await page.getByRole('option', { name: text.languages.en }).click();
      const english = await downloadPdf(
        page,
        () => page.getByRole('button', { name: text.download }).click(),
        FILE_NAME.en,
      );
      expect(english.subarray(0, 5).toString()).toBe('%PDF-');
      expect(english.equals(german)).toBe(false);
      await context.close();

      const freeContext = await signedInContext(browser, free, options);
      const freePage = await freeContext.newPage();
      await freePage.goto(`${server.url}/emergency-data`);
      await freePage.getByText(KEYS[language].Download_Not_Allowed_Text).first().waitFor();
      const upgrade = freePage.getByRole('link', { name: KEYS[language].Upgrade_Text });
      expect(await upgrade.getAttribute('href')).toBe('/my-account/subscription');
      expect(await freePage.getByRole('button', { name: text.download }).count()).toBe(0);
      await screenshot(freePage, `emergency-data-free-${suffix}`);
      await freeContext.close();
    }, 120_000);
  },
);
