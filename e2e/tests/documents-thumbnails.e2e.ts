import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';
import { FILES, createPet, type UploadFile } from './documents-support.ts';

/**
 * Issue 14.24: the document list shows each document's thumbnail (a PDF's first page, an image
 * scaled), made by the server at upload and loaded lazily; a text file shows its type icon.
 * Phone and desktop, light and dark, screenshots to look at.
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

async function addDocument(user: TestUser, petId: string, description: string, files: UploadFile[]) {
  const form = new FormData();
  for (const file of files) {
    form.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const upload = await fetch(`${user.origin}/v1/upload/document?file_for=pet&pet_id=${petId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  const { doc_url } = (await upload.json()) as { doc_url: string[] };
  const created = await api(user, 'POST', `/v1/document?pet_id=${petId}`, {
    document_type: 'Insurance',
    description,
    doc_url,
  });
  expect(created.status).toBe(201);
}

it('shows thumbnails of PDFs and images and the icon of a text file, on phone and desktop, light and dark', async () => {
  const user = await createUser(server);
  const petId = await createPet(user, 'Bello');
  await addDocument(user, petId, 'Renewal letter', [FILES.letterTxt]);
  await addDocument(user, petId, 'Insurance card', [FILES.policyPng]);
  await addDocument(user, petId, 'Liability insurance 2025', [FILES.policyPdf, FILES.policyPng]);
  const list = `${user.origin}/pet-details/Bello/${petId}/document-safe/insurances`;

  for (const viewport of ['phone', 'desktop'] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await signedInContext(browser, user, { locale: 'en-US', viewport, colorScheme });
      const page = await context.newPage();
      await page.goto(list);
      const pdfEntry = page.getByRole('link', { name: 'Open document Liability insurance 2025' });
      await pdfEntry.waitFor();
      const thumbnails = page.getByTestId('document-thumbnail');
      await expect.poll(() => thumbnails.count()).toBe(2);
      // Both thumbnails really loaded (decoded pixels), and the text file shows its icon instead.
      await expect
        .poll(() =>
          thumbnails.evaluateAll((images) =>
            images.map((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
          ),
        )
        .toEqual([240, 240]);
      const letter = page.getByRole('link', { name: 'Open document Renewal letter' });
      expect(await letter.getByTestId('document-thumbnail').count()).toBe(0);
      // The icon in the thumbnail's place and the one in its type chip.
      expect(await letter.locator('[data-file-type="txt"]').count()).toBe(2);
      await screenshot(page, `documents-thumbnails-${viewport}-${colorScheme}`);
      await context.close();
    }
  }
});
