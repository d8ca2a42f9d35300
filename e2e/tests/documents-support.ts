import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../support/server.ts';
import { screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';

/**
 * Shared by the documents journeys (documents.e2e.ts in English, documents-de.e2e.ts in German):
 * small real files built here, the visible texts per language, and the journey of issue 7 in the
 * browser against the real server.
 */

export interface JourneyEnv {
  server: RunningServer;
  browser: Browser;
}

// ---------------------------------------------------------------------------------------------
// Small real files, built here.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG: a diagonal gradient between two colours with a paw-like dot pattern. */
function pngOf(width: number, height: number, from: number[], to: number[]): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      const dot = (x % 40) - 20 <= 6 && (x % 40) - 20 >= -6 && (y % 40) - 20 <= 6 && (y % 40) - 20 >= -6;
      for (let c = 0; c < 3; c++) {
        const value = Math.round(from[c]! + (to[c]! - from[c]!) * t);
        row[1 + x * 3 + c] = dot ? 255 - value : value;
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real one-page PDF with a line of text and a correct cross-reference table. */
function pdfOf(text: string): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const FILES = {
  policyPdf: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: pdfOf('Liability insurance 2025') },
  policyPng: {
    name: 'policy-card.png',
    mimeType: 'image/png',
    buffer: pngOf(480, 300, [192, 77, 0], [240, 170, 90]),
  },
  letterTxt: {
    name: 'letter.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Dear customer,\nyour policy has been renewed.\n', 'utf8'),
  },
  xrayPng: {
    name: 'hip-xray.png',
    mimeType: 'image/png',
    buffer: pngOf(360, 360, [20, 20, 30], [200, 210, 220]),
  },
  reportPdf: { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdfOf('Hip X-ray report') },
  program: {
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ\x90\x00binary'),
  },
} satisfies Record<string, UploadFile>;

// ---------------------------------------------------------------------------------------------
// The visible texts per language.

export const TEXTS = {
  en: {
    locale: 'en-US' as const,
    documentSafe: 'Document safe',
    vetFindings: 'Vet findings',
    safeCategory: 'Insurances',
    safeSlug: 'insurances',
    findingsCategory: 'X-rays',
    findingsSlug: 'xrays',
    count: (n: number) => (n === 0 ? '0 documents' : n === 1 ? '1 document' : `${n} documents`),
    empty: 'No documents yet',
    add: 'Add document',
    description: 'Description',
    chooseFiles: 'Choose files',
    upload: 'Upload document',
    descriptionError: 'Please enter a description.',
    fileError: 'Please add at least one file.',
    typeError: 'This file type is not supported.',
    remove: (name: string) => `Remove ${name}`,
    saved: 'The document has been saved.',
    open: (description: string) => `Open document ${description}`,
    edit: 'Edit',
    save: 'Save',
    delete: 'Delete',
    deleteDialog: 'Delete document?',
    deleteConfirm: 'Delete',
    deleted: 'The document has been deleted.',
    image: (description: string) => `Picture 2 of “${description}”`,
    pdf: (description: string) => `PDF 1 of “${description}”`,
    noPreview: 'TXT files cannot be shown here. Download the file to open it.',
    download: 'Download',
    limit: 'Your document safe is full.',
    plans: 'View plans',
    docs: {
      first: 'Liability insurance 2025',
      firstRenamed: 'Liability insurance 2025 (renewed)',
      second: 'Letter from the insurer',
      xray: 'Hip X-ray',
    },
  },
  de: {
    locale: 'de-DE' as const,
    documentSafe: 'Dokumentensafe',
    vetFindings: 'Tierärztliche Befunde',
    safeCategory: 'Rechnungen',
    safeSlug: 'bill',
    findingsCategory: 'Laborbefunde',
    findingsSlug: 'laboratory-findings',
    count: (n: number) => (n === 1 ? '1 Dokument' : `${n} Dokumente`),
    empty: 'Noch keine Dokumente',
    add: 'Dokument hinzufügen',
    description: 'Beschreibung',
    chooseFiles: 'Dateien auswählen',
    upload: 'Dokument hochladen',
    descriptionError: 'Bitte geben Sie eine Beschreibung ein.',
    fileError: 'Bitte fügen Sie mindestens eine Datei hinzu.',
    typeError: 'Dieser Dateityp wird nicht unterstützt.',
    remove: (name: string) => `${name} entfernen`,
    saved: 'Das Dokument wurde gespeichert.',
    open: (description: string) => `Dokument ${description} öffnen`,
    edit: 'Bearbeiten',
    save: 'Speichern',
    delete: 'Löschen',
    deleteDialog: 'Dokument löschen?',
    deleteConfirm: 'Löschen',
    deleted: 'Das Dokument wurde gelöscht.',
    image: (description: string) => `Bild 2 von „${description}“`,
    pdf: (description: string) => `PDF 1 von „${description}“`,
    noPreview:
      'TXT-Dateien können hier nicht angezeigt werden. Laden Sie die Datei herunter, um sie zu öffnen.',
    download: 'Herunterladen',
    limit: 'Ihr Dokumentensafe ist voll.',
    plans: 'Tarife ansehen',
    docs: {
      first: 'Tierarztrechnung März',
      firstRenamed: 'Tierarztrechnung März (bezahlt)',
      second: 'Mahnung Tierklinik',
      xray: 'Blutbild Jahrescheck',
    },
  },
};
export type Texts = (typeof TEXTS)['en'] | (typeof TEXTS)['de'];

// ---------------------------------------------------------------------------------------------
// Steps.

/** Redeems an activation code for the user (the customer's way onto a plan). */
export async function redeemCode(user: TestUser, code: string) {
  const res = await api(user, 'POST', '/v1/auth/verifycode', { code });
  expect(res.status).toBe(200);
}

export async function createPet(user: TestUser, name: string): Promise<string> {
  const res = await api<{ id: string }>(user, 'POST', '/v1/pet', { name, pet_type: 'Dog' });
  expect(res.status).toBeLessThan(300);
  return res.body.id;
}

/** A document through the API (upload, then create), as another device of the user would add it. */
export async function addDocumentByApi(
  user: TestUser,
  petId: string,
  documentType: string,
  description: string,
) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(FILES.policyPdf.buffer)], { type: 'application/pdf' }),
    'scan.pdf',
  );
  const upload = await fetch(`${user.origin}/v1/upload/document?file_for=pet&pet_id=${petId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(upload.status).toBe(201);
  const { doc_url } = (await upload.json()) as { doc_url: string[] };
  const created = await api(user, 'POST', `/v1/document?pet_id=${petId}`, {
    document_type: documentType,
    description,
    doc_url,
  });
  expect(created.status).toBe(201);
}

/** Drops a file on the drop area the way a browser does (a DataTransfer built in the page). */
export async function dropFile(page: Page, file: UploadFile) {
  // A string expression: the e2e project has no DOM types, the page has the real ones.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const transfer = new DataTransfer();
    const bytes = new Uint8Array(${JSON.stringify([...file.buffer])});
    transfer.items.add(new File([bytes], ${JSON.stringify(file.name)}, { type: ${JSON.stringify(file.mimeType)} }));
    return transfer;
  })()`);
  await page.dispatchEvent('[data-testid="file-drop-zone"]', 'dragenter', { dataTransfer });
  await page.dispatchEvent('[data-testid="file-drop-zone"]', 'drop', { dataTransfer });
}

/** Fills and sends the add form, then waits for the list. */
export async function addDocument(
  page: Page,
  texts: Texts,
  description: string,
  files: UploadFile[],
  listUrl: string,
) {
  await page.getByRole('textbox', { name: texts.description }).fill(description);
  await page.getByLabel(texts.chooseFiles, { exact: true }).setInputFiles(files);
  const chosen = page.getByRole('list', { name: /Chosen files|Ausgewählte Dateien/ });
  await expect.poll(() => chosen.getByRole('listitem').count()).toBe(files.length);
  await page.getByRole('button', { name: texts.upload }).click();
  await page.waitForURL(listUrl);
  await page.getByRole('link', { name: texts.open(description) }).waitFor();
}

export async function categoryCount(page: Page, category: string): Promise<string | null> {
  const link = page.getByRole('link', { name: new RegExp(`^${category}: `) });
  await link.waitFor();
  // The card's accessible name is its own hidden text, the first child (LinkCard: label in name).
  return link.evaluate((element) => element.firstElementChild?.textContent ?? null);
}

/** A full-page screenshot from the top (the fixed top bar stays where it belongs). */
export async function shot(page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

export async function shootAll(page: Page, prefix: string, urls: Record<string, string>) {
  for (const [name, url] of Object.entries(urls)) {
    await page.goto(url);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.locator('[aria-busy="true"]').count(), { timeout: 10_000 }).toBe(0);
    await page.waitForTimeout(300);
    await shot(page, `${prefix}-${name}`);
  }
}

/**
 * The journey of the issue in one language: three files of different types into a document-safe
 * category (two documents: PDF + PNG by the picker, TXT by drag and drop), two into a vet-findings
 * category, the counts, the image and PDF previews, an edited description and a deleted document.
 */
export async function documentsJourney(
  { server, browser }: JourneyEnv,
  texts: Texts,
  options: ContextOptions,
  shotPrefix: string,
) {
  const user = await createUser(server, { language: texts.locale === 'de-DE' ? 'de' : 'en' });
  const petId = await createPet(user, 'Bello');
  const context = await signedInContext(browser, user, { ...options, locale: texts.locale });
  const page = await context.newPage();
  const base = `${user.origin}/pet-details/Bello/${petId}`;
  const safeList = `${base}/document-safe/${texts.safeSlug}`;
  const findingsList = `${base}/vet-findings/${texts.findingsSlug}`;

  // Overview, then the empty category list and its add prompt.
  await page.goto(`${base}/document-safe`);
  await page.getByRole('heading', { level: 1, name: texts.documentSafe }).waitFor();
  expect(
    await page
      .getByRole('list', { name: /Categories|Kategorien/ })
      .getByRole('link')
      .count(),
  ).toBe(6);
  await shot(page, `${shotPrefix}-overview-empty`);
  await page.getByRole('link', { name: new RegExp(`^${texts.safeCategory}: `) }).click();
  await page.waitForURL(safeList);
  await page.getByRole('heading', { name: texts.empty }).waitFor();
  await shot(page, `${shotPrefix}-list-empty`);
  await page.getByRole('link', { name: texts.add }).click();

  // Every error before sending: no description, no file, a type not on the list.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/upload/document')) uploads.push(request.url());
  });
  await page.getByRole('button', { name: texts.upload }).click();
  await page.getByText(texts.descriptionError).waitFor();
  await page.getByText(texts.fileError).waitFor();
  await page.getByLabel(texts.chooseFiles, { exact: true }).setInputFiles([FILES.program]);
  await page.getByText(texts.typeError).waitFor();
  await page.getByRole('textbox', { name: texts.description }).fill(texts.docs.first);
  await page.getByRole('button', { name: texts.upload }).click();
  await shot(page, `${shotPrefix}-add-errors`);
  expect(uploads).toEqual([]);
  await page.getByRole('button', { name: texts.remove(FILES.program.name) }).click();
  await expect.poll(() => page.getByText(texts.typeError).count()).toBe(0);

  // Document 1: a PDF and a PNG through the file button.
  await addDocument(page, texts, texts.docs.first, [FILES.policyPdf, FILES.policyPng], safeList);
  await page.getByText(texts.saved).waitFor();

  // Document 2: a text file by drag and drop.
  await page.getByRole('link', { name: texts.add }).click();
  await page.getByRole('textbox', { name: texts.description }).fill(texts.docs.second);
  await dropFile(page, FILES.letterTxt);
  await page.getByText(FILES.letterTxt.name).waitFor();
  await shot(page, `${shotPrefix}-add-filled`);
  await page.getByRole('button', { name: texts.upload }).click();
  await page.waitForURL(safeList);
  await page.getByRole('link', { name: texts.open(texts.docs.second) }).waitFor();
  await shot(page, `${shotPrefix}-list`);

  // Two files into a vet-findings category.
  await page.goto(`${base}/vet-findings`);
  await page.getByRole('heading', { level: 1, name: texts.vetFindings }).waitFor();
  expect(
    await page
      .getByRole('list', { name: /Categories|Kategorien/ })
      .getByRole('link')
      .count(),
  ).toBe(7);
  await page.getByRole('link', { name: new RegExp(`^${texts.findingsCategory}: `) }).click();
  await page.waitForURL(findingsList);
  await page.getByRole('link', { name: texts.add }).click();
  await addDocument(page, texts, texts.docs.xray, [FILES.xrayPng, FILES.reportPdf], findingsList);

  // The counts per category.
  await page.goto(`${base}/vet-findings`);
  expect(await categoryCount(page, texts.findingsCategory)).toBe(
    `${texts.findingsCategory}: ${texts.count(1)}`,
  );
  await shot(page, `${shotPrefix}-findings-overview`);
  await page.goto(`${base}/document-safe`);
  expect(await categoryCount(page, texts.safeCategory)).toBe(`${texts.safeCategory}: ${texts.count(2)}`);
  await shot(page, `${shotPrefix}-overview`);

  // The image and the PDF are shown in the app, through the owner-checked file route.
  await page.getByRole('link', { name: new RegExp(`^${texts.safeCategory}: `) }).click();
  const pdfAnswer = page.waitForResponse(
    (response) =>
      /file_id=.*&inline=1/.test(response.url()) && response.headers()['content-type'] === 'application/pdf',
  );
  await page.getByRole('link', { name: texts.open(texts.docs.first) }).click();
  await page.getByRole('heading', { level: 1, name: texts.docs.first }).waitFor();
  const image = page.getByRole('img', { name: texts.image(texts.docs.first) });
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth), {
      timeout: 10_000,
    })
    .toBe(480);
  const pdfFrame = page.getByTitle(texts.pdf(texts.docs.first));
  expect(await pdfFrame.getAttribute('src')).toMatch(/^\/v1\/document\/file\?file_id=.+&inline=1$/);
  const pdf = await pdfAnswer;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toMatch(/^inline/);
  await page.waitForTimeout(500);
  await shot(page, `${shotPrefix}-view`);

  // Edit mode changes only the description.
  await page.getByRole('button', { name: texts.edit }).click();
  const field = page.getByRole('textbox', { name: texts.description });
  expect(await page.getByLabel(texts.chooseFiles, { exact: true }).count()).toBe(0);
  await field.fill(texts.docs.firstRenamed);
  await shot(page, `${shotPrefix}-view-edit`);
  await page.getByRole('button', { name: texts.save }).click();
  await page.getByRole('heading', { level: 1, name: texts.docs.firstRenamed }).waitFor();

  // Delete the letter, after confirming.
  await page.goto(safeList);
  await page.getByRole('link', { name: texts.open(texts.docs.second) }).click();
  await page.getByRole('heading', { level: 1, name: texts.docs.second }).waitFor();
  // A text file is not shown in place: it is offered as a download (an attachment).
  await page.getByText(texts.noPreview).waitFor();
  const href = await page.getByRole('link', { name: texts.download }).getAttribute('href');
  const download = await page.request.get(`${user.origin}${href}`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);
  expect(await download.text()).toBe(FILES.letterTxt.buffer.toString('utf8'));
  await page.getByRole('button', { name: texts.delete, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: texts.deleteDialog });
  await dialog.waitFor();
  await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
  await shot(page, `${shotPrefix}-delete-dialog`);
  await dialog.getByRole('button', { name: texts.deleteConfirm, exact: true }).click();
  // Deleting returns to the document safe's overview (pet-data section 4), then the list shows the rest.
  await page.waitForURL(safeList.slice(0, safeList.lastIndexOf('/')));
  await page.getByText(texts.deleted).waitFor();
  await page.goto(safeList);
  await page.getByRole('link', { name: texts.open(texts.docs.firstRenamed) }).waitFor();
  expect(await page.getByRole('link', { name: texts.open(texts.docs.second) }).count()).toBe(0);
  await page.goto(`${base}/document-safe`);
  expect(await categoryCount(page, texts.safeCategory)).toBe(`${texts.safeCategory}: ${texts.count(1)}`);

  // What the server holds: the renamed document with its two files and the X-ray.
  const stored = await api<Array<{ description: string; document_type: string; doc_url: string[] }>>(
    user,
    'GET',
    `/v1/document/mydocs?pet_id=${petId}`,
  );
  expect(stored.body.map((doc) => [doc.description, doc.doc_url.length]).sort()).toEqual(
    [
      [texts.docs.firstRenamed, 2],
      [texts.docs.xray, 2],
    ].sort(),
  );
  return { user, petId, page, context, base, safeList };
}
