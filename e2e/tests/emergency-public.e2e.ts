import fs from 'node:fs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { api, createUser } from '../support/session.ts';
import { generateCode } from '../support/admin.ts';

/**
 * /notfall is a server-rendered page (account-area "Public emergency page"): a finder on any phone
 * downloads the emergency file with JavaScript switched off, and the first visit is small.
 */
let server: RunningServer;
let browser: Browser;
let emergencyPassword: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const owner = await createUser(server, { name: 'Erika Größe' });
  emergencyPassword = await generateCode(server, { product: 'premium', type: 'single' });
  const redeemed = await api(owner, 'POST', '/v1/auth/verifycode', { code: emergencyPassword });
  if (redeemed.status !== 200) throw new Error(`verifycode failed: ${redeemed.status}`);
  const pet = await api(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog', race: 'Labrador' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The spec's messages (account-area section 8) and the page's labels, per language. */
const TEXTS = {
  de: {
    password: 'Notfallpasswort',
    submit: 'Bestätigen',
    english: 'Englisch',
    required: 'Notfallpasswort ist erforderlich',
    invalid: 'Ungültiges Notfallpasswort',
  },
  en: {
    password: 'Emergency password',
    submit: 'Confirm',
    english: 'English',
    required: 'Emergency password is required',
    invalid: 'Invalid emergency password',
  },
};

describe.concurrent.each([
  { lang: 'de' as const, locale: 'de-DE', width: 390, height: 844, colorScheme: 'dark' as const, js: false },
  {
    lang: 'en' as const,
    locale: 'en-US',
    width: 1440,
    height: 900,
    colorScheme: 'light' as const,
    js: false,
  },
  { lang: 'de' as const, locale: 'de-DE', width: 1440, height: 900, colorScheme: 'light' as const, js: true },
  { lang: 'en' as const, locale: 'en-US', width: 390, height: 844, colorScheme: 'dark' as const, js: true },
])(
  '/notfall ($lang, $width px, $colorScheme, JavaScript $js)',
  ({ lang, locale, width, height, colorScheme, js }) => {
    const suffix = `${lang}-${width}-${colorScheme}-${js ? 'js' : 'nojs'}`;

    it('a finder downloads the file; empty and wrong passwords get the spec messages', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[lang];
      const context = await browser.newContext({
        javaScriptEnabled: js,
        locale,
        viewport: { width, height },
        colorScheme,
      });
      const page = await context.newPage();
      onTestFailed(async () => {
        await screenshot(page, `emergency-public-failure-${suffix}`);
        await context.close();
      });
      // What the first visit costs: every answer's body as sent over the wire.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const urls = new Map<string, string>();
      let transferred = 0;
      cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
      cdp.on('Network.loadingFinished', (e) => {
        if (urls.has(e.requestId)) transferred += e.encodedDataLength;
      });

      await page.goto(`${server.url}/notfall`, { waitUntil: 'load' });
      const password = page.getByRole('textbox', { name: text.password });
      const confirm = page.getByRole('button', { name: text.submit });
      await password.waitFor();
      expect([...urls.values()].some((url) => /\.m?js(\?|$)/.test(url))).toBe(false);
      expect(transferred).toBeLessThanOrEqual(20_000);
      await screenshot(page, `emergency-public-${suffix}`);

      await confirm.click();
      await page.getByRole('alert').filter({ hasText: text.required }).waitFor();
      await password.fill('WRONG-PASSWORD-1');
      await confirm.click();
      await page.getByRole('alert').filter({ hasText: text.invalid }).waitFor();
      expect(await password.inputValue()).toBe('WRONG-PASSWORD-1');
      await screenshot(page, `emergency-public-invalid-${suffix}`);

      // The password as typed from a tag, with spaces around it; the file in English.
      await password.fill(`  ${emergencyPassword}  `);
      await page.getByRole('radio', { name: text.english }).check();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        confirm.click(),
      ]);
      expect(download.suggestedFilename()).toBe('Emergency_File.pdf');
      const pdf = fs.readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      await context.close();
    }, 120_000);
  },
);
