import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generateCode } from '../support/admin.ts';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, signedInContext } from '../support/session.ts';
import {
  TEXTS,
  addDocumentByApi,
  documentsJourney,
  redeemCode,
  shootAll,
  shot,
} from './documents-support.ts';

/**
 * Document safe and vet findings in English (desktop, light) against the real server: files of
 * different types through the picker and by drag and drop, counts, image and PDF previews, a text
 * file offered as download, edit, delete; then the free plan's 5-document limit with its way to
 * the plans, and a premium plan giving room again. German: documents-de.e2e.ts.
 */

let server: RunningServer;
let browser: Browser;
/** An activation code of the premium plan, made before any upload runs (see beforeAll). */
let premiumCode: string;

beforeAll(async () => {
  server = await startServer();
  // The operator command starts a second app on the same data folder (which sweeps upload temp
  // files at start): it must not run while the journey uploads, so the code is made up front.
  [browser, premiumCode] = await Promise.all([launchBrowser(), generateCode(server, { product: 'premium' })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('uploads, counts, previews, edits and deletes documents, then holds the free plan limit', async () => {
  const texts = TEXTS.en;
  const { user, petId, page, context, base, safeList } = await documentsJourney(
    { server, browser },
    texts,
    { viewport: 'desktop', colorScheme: 'light' },
    'documents-en-desktop-light',
  );

  // Two documents so far; three more (from the user's other devices) fill the free plan's five.
  for (const n of [1, 2, 3]) await addDocumentByApi(user, petId, 'Others', `Scan ${n}`);
  await page.goto(safeList);
  const notice = page.getByTestId('document-limit');
  await notice.waitFor();
  expect(await notice.textContent()).toContain(texts.limit);
  expect(await page.getByRole('link', { name: texts.add }).count()).toBe(0);
  await shot(page, 'documents-en-desktop-light-limit');
  await page.goto(`${base}/document-safe/insurances/add-insurance`);
  await page.getByTestId('document-limit').waitFor();
  expect(await page.getByRole('button', { name: texts.upload }).count()).toBe(0);
  await page.getByRole('link', { name: texts.plans }).click();
  await page.waitForURL(`${user.origin}/my-account/subscription`);

  // A premium plan gives room again.
  await redeemCode(user, premiumCode);
  await page.goto(safeList);
  await page.getByRole('link', { name: texts.add }).waitFor();
  expect(await page.getByTestId('document-limit').count()).toBe(0);
  await context.close();

  // The same screens on a phone in the dark scheme, to look at.
  const phone = await signedInContext(browser, user, {
    locale: 'en-US',
    viewport: 'phone',
    colorScheme: 'dark',
  });
  const stored = await api<Array<{ id: string; document_type: string }>>(
    user,
    'GET',
    `/v1/document/mydocs?pet_id=${petId}`,
  );
  const insurance = stored.body.find((doc) => doc.document_type === 'Insurance')!;
  await shootAll(await phone.newPage(), 'documents-en-phone-dark', {
    overview: `${base}/document-safe`,
    list: safeList,
    add: `${safeList}/add-insurance`,
    view: `${safeList}/document?doc_id=${insurance.id}`,
  });
  await phone.close();
});
