import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, signedInContext } from '../support/session.ts';
import { TEXTS, addDocumentByApi, documentsJourney, shootAll, shot } from './documents-support.ts';

/**
 * Document safe and vet findings in German on a phone in the dark scheme (the same journey as
 * documents.e2e.ts), then the free plan's limit message in German on a desktop.
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

it('lädt hoch, zählt, zeigt an, bearbeitet und löscht Dokumente, bis zum Limit des kostenlosen Tarifs', async () => {
  const texts = TEXTS.de;
  const { user, petId, context, base, safeList } = await documentsJourney(
    { server, browser },
    texts,
    { viewport: 'phone', colorScheme: 'dark' },
    'documents-de-phone-dark',
  );
  await context.close();

  // On a slow line the upload shows its progress per file and in total.
  const desktop = await signedInContext(browser, user, {
    locale: 'de-DE',
    viewport: 'desktop',
    colorScheme: 'light',
  });
  const page = await desktop.newPage();
  const cdp = await desktop.newCDPSession(page);
  await page.goto(`${safeList}/add-bill`);
  await page.getByRole('textbox', { name: texts.description }).fill('Kostenvoranschlag Zahnsanierung');
  const notes = {
    name: 'befund-notizen.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(randomBytes(300 * 1024).toString('base64'), 'utf8'),
  };
  await page.getByLabel(texts.chooseFiles, { exact: true }).setInputFiles([notes]);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 150 * 1024,
  });
  await page.getByRole('button', { name: texts.upload }).click();
  const total = page.getByRole('progressbar', { name: 'Gesamtfortschritt des Uploads' });
  await total.waitFor();
  await expect
    .poll(async () => Number(await total.getAttribute('aria-valuenow')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  expect(await page.getByRole('progressbar', { name: `Upload-Fortschritt von ${notes.name}` }).count()).toBe(
    1,
  );
  await shot(page, 'documents-de-desktop-light-uploading');
  await page.waitForURL(safeList, { timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // Three documents so far; two more (from the user's other devices) fill the free plan's five.
  for (const n of [1, 2]) await addDocumentByApi(user, petId, 'Others', `Scan ${n}`);
  await page.goto(safeList);
  const notice = page.getByTestId('document-limit');
  await notice.waitFor();
  expect(await notice.textContent()).toContain(texts.limit);
  expect(await page.getByRole('link', { name: texts.add }).count()).toBe(0);
  await shot(page, 'documents-de-desktop-light-limit');
  await page.goto(`${base}/document-safe/bill/add-bill`);
  await page.getByTestId('document-limit').waitFor();
  await page.getByRole('link', { name: texts.plans }).click();
  await page.waitForURL(`${user.origin}/my-account/subscription`);

  // The screens on a desktop in the light scheme, to look at.
  const stored = await api<Array<{ id: string; document_type: string }>>(
    user,
    'GET',
    `/v1/document/mydocs?pet_id=${petId}`,
  );
  const bill = stored.body.find((doc) => doc.document_type === 'Bills')!;
  await shootAll(page, 'documents-de-desktop-light', {
    overview: `${base}/document-safe`,
    findings: `${base}/vet-findings`,
    list: safeList,
    add: `${safeList}/add-bill`,
    view: `${safeList}/document?doc_id=${bill.id}`,
  });
  await desktop.close();
});
