import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_MAX_INPUT_BYTES } from '@pet/contract';
import { HANDOVER_LIMITS } from '../src/modules/pet-records-export/pet-records-export.service.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1 } from './identity-helpers.ts';
import { advanceDays } from './support/buying.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan } from './support/owners.ts';
import { readPdf } from './support/pdf-text.ts';

type Owner = Awaited<ReturnType<typeof registeredUser>>;

async function pdfWithPages(count: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage([300, 400]).drawText(`source page ${i + 1}`, { x: 20, y: 200 });
  return Buffer.from(await pdf.save());
}

async function addDocument(
  t: TestApp,
  owner: Owner,
  petId: string,
  file: { name: string; data: Buffer },
  description: string,
): Promise<string> {
  const upload = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${petId}`,
    [file],
    as(owner),
  );
  expect(upload.statusCode, upload.body).toBe(201);
  const doc = await v1(
    t.app,
    'POST',
    `/v1/document?pet_id=${petId}`,
    { document_type: 'Diagnoses', area: 'vet-findings', description, doc_url: upload.json().doc_url },
    as(owner),
  );
  expect(doc.statusCode, doc.body).toBe(201);
  return doc.json().id as string;
}

const pathOf = (url: string) => new URL(url).pathname;

/** The text of one page (pdf.js: the merged file has object streams the simple reader does not parse). */
async function pageText(pdf: Buffer, pageNumber: number): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 })
    .promise;
  try {
    const content = await (await document.getPage(pageNumber)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join('\n');
  } finally {
    await document.destroy();
  }
}

describe('exports: vaccination and medication record, vet handover and its share links', () => {
  let t: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let petId: string;
  let strangerPetId: string;
  const docs: Record<'pdf3' | 'pdf2' | 'png' | 'webp' | 'docx', string> = {
    pdf3: '',
    pdf2: '',
    png: '',
    webp: '',
    docx: '',
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app, { name: 'Erika Muster', language: 'en' });
    stranger = await registeredUser(t.app);
    await setPlan(t.app, owner.id, 'premium');
    await setPlan(t.app, stranger.id, 'premium');
    const pet = await createPet(t.app, owner, {
      name: 'Bello',
      race: 'Beagle',
      date_of_birth: '03.04.2019',
    });
    petId = pet.id;
    await v1(t.app, 'PUT', `/v1/pet?id=${petId}`, { labeling: 'CHIP 276098106543210' }, as(owner));
    strangerPetId = (await createPet(t.app, stranger, { name: 'Other' })).id;
    // Vaccinations entered out of order; Rabies twice (the later one is the first's "next due").
    for (const [date, vaccine, vet] of [
      ['10.06.2098', 'Rabies', 'Dr. Second'],
      ['01.02.2097', 'Leptospirosis', 'Dr. First'],
      ['15.03.2097', 'Rabies', 'Dr. First'],
    ] as const) {
      const res = await v1(
        t.app,
        'POST',
        `/v1/appointment?pet_id=${petId}`,
        {
          appointment_type: 'Vaccination',
          vaccination_type: vaccine,
          reason: 'Vaccination',
          appointment_date: date,
          appointment_time: '10:00',
          vet_name: vet,
        },
        as(owner),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const medication = await v1(
      t.app,
      'POST',
      `/v1/medical/medication?pet_id=${petId}`,
      {
        name: 'Carprofen',
        medical_type: 'medication',
        dosage: '50 mg',
        in_use: 'Yes',
        taking_schedule: ['Mornings', 'Evenings'],
        taking_from: '01.01.2024',
      },
      as(owner),
    );
    expect(medication.statusCode, medication.body).toBe(201);
    await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${petId}`,
      { name: 'Penicillin', medical_type: 'allergy' },
      as(owner),
    );
    await v1(
      t.app,
      'POST',
      `/v1/contact?pet_id=${petId}`,
      { name: 'Dr. Vet', phone: '+49 30 7654321', contact_type: 'Vet' },
      as(owner),
    );
    docs.pdf3 = await addDocument(
      t,
      owner,
      petId,
      { name: 'a.pdf', data: await pdfWithPages(3) },
      'Blood work',
    );
    docs.pdf2 = await addDocument(
      t,
      owner,
      petId,
      { name: 'b.pdf', data: await pdfWithPages(2) },
      'X-ray report',
    );
    docs.png = await addDocument(t, owner, petId, { name: 'c.png', data: fixtures.png() }, 'Photo');
    const webp = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 100, b: 0 } },
    })
      .webp()
      .toBuffer();
    docs.webp = await addDocument(t, owner, petId, { name: 'd.webp', data: webp }, 'Wound');
    docs.docx = await addDocument(t, owner, petId, { name: 'e.docx', data: fixtures.docx() }, 'Letter');
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it("the record PDF lists the pet, its vaccinations by date with the next due, and its medications (account's language)", async () => {
    const res = await v1(t.app, 'GET', `/v1/pet/export/record?pet_id=${petId}`, undefined, as(owner));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Vaccination-and-medication-record-Bello.pdf');
    const { text } = readPdf(res.rawPayload);
    expect(text).toContain('Vaccination and medication record');
    for (const expected of [
      'Beagle',
      '03.04.2019',
      'CHIP 276098106543210',
      'Carprofen',
      '50 mg',
      'Penicillin',
    ]) {
      expect(text).toContain(expected);
    }
    const order = ['01.02.2097', '15.03.2097', '10.06.2098'].map((date) => text.indexOf(date));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The first Rabies row names the second as next due: its row reads date, vaccine, next due, vet.
    const rabiesRow = text.slice(
      text.indexOf('15.03.2097'),
      text.indexOf('10.06.2098', text.indexOf('15.03.2097') + 1) + 10,
    );
    expect(rabiesRow).toMatch(/15\.03\.2097[\s\S]*Rabies[\s\S]*10\.06\.2098/);

    // German for a German account.
    expect((await v1(t.app, 'POST', '/v1/auth/modify', { language: 'German' }, as(owner))).statusCode).toBe(
      200,
    );
    const german = await v1(t.app, 'GET', `/v1/pet/export/record?pet_id=${petId}`, undefined, as(owner));
    expect(readPdf(german.rawPayload).text).toContain('Impf- und Medikamentenpass');
    await v1(t.app, 'POST', '/v1/auth/modify', { language: 'English' }, as(owner));
  });

  it('the handover PDF is a summary page and then every chosen PDF page and image; other types are listed only', async () => {
    const res = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      {
        pet_id: petId,
        document_ids: [docs.pdf3, docs.png, docs.pdf2, docs.webp, docs.docx],
        mode: 'pdf',
      },
      as(owner),
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const merged = await PDFDocument.load(res.rawPayload);
    // 1 summary page + 3 + 2 PDF pages + 2 images (PNG, WebP converted).
    expect(merged.getPageCount()).toBe(1 + 3 + 2 + 1 + 1);
    const summaryOnly = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [], mode: 'pdf' },
      as(owner),
    );
    expect((await PDFDocument.load(summaryOnly.rawPayload)).getPageCount()).toBe(1);
    const text = await pageText(res.rawPayload, 1);
    for (const expected of [
      'Vet handover',
      'Erika Muster',
      'Carprofen',
      'Penicillin',
      'Dr. Vet',
      'Blood work',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('DOCX: not included');
    expect(text).toContain('PDF, 3 pages');
  });

  it("another owner's pet or document is not found, and bad input is refused with its key", async () => {
    const strangerCall = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [], mode: 'link' },
      as(stranger),
    );
    expect(strangerCall.statusCode).toBe(404);
    const foreignDoc = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: strangerPetId, document_ids: [docs.pdf3], mode: 'pdf' },
      as(stranger),
    );
    expect(foreignDoc.statusCode).toBe(404);
    expect(
      (await v1(t.app, 'GET', `/v1/pet/export/record?pet_id=${petId}`, undefined, as(stranger))).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(stranger))).statusCode,
    ).toBe(404);
    const twice = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [docs.pdf3, docs.pdf3], mode: 'link' },
      as(owner),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().key).toBe('Handover_Documents_Error');
    const unsigned = await call(t.app, 'GET', `/v1/pet/export/record?pet_id=${petId}`);
    expect(unsigned.statusCode).toBe(401);
    const links = await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(owner));
    expect(links.json()).toEqual([]);
  });

  it('refuses more than 100 MB of documents with Handover_Too_Large_Text and makes no link', async () => {
    await t.app.db
      .updateTable('document_file')
      .set({ size: HANDOVER_MAX_INPUT_BYTES })
      .where('document_id', '=', docs.pdf2)
      .execute();
    const res = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [docs.pdf2, docs.png], mode: 'link' },
      as(owner),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('Handover_Too_Large_Text');
    await t.app.db
      .updateTable('document_file')
      .set({ size: 1000 })
      .where('document_id', '=', docs.pdf2)
      .execute();
    const links = await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(owner));
    expect(links.json()).toEqual([]);
  });

  it('a share link has a random 128-bit token, works without JavaScript, counts downloads and stops when revoked', async () => {
    const made = await v1(
      t.app,
      'POST',
      '/v1/pet/handover',
      { pet_id: petId, document_ids: [docs.pdf3, docs.png], mode: 'link' },
      as(owner),
    );
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json();
    expect(link).toMatchObject({ status: 'active', downloads: 0, document_count: 2, revoked_at: null });
    const token = pathOf(link.url).slice('/handover/'.length);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(link.url).not.toContain(petId);
    expect(link.url).not.toContain(link.id);
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(7 * 86_400_000);

    const page = await call(t.app, 'GET', pathOf(link.url), undefined, {
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Vet handover for Bello');
    expect(page.body).toContain(`href="/handover/${token}.pdf"`);
    expect(page.body).not.toContain('<script');

    for (let i = 0; i < 2; i++) {
      const pdf = await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip: freshIp() });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await PDFDocument.load(pdf.rawPayload)).getPageCount()).toBe(1 + 3 + 1);
    }
    let list = (
      await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(owner))
    ).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: link.id, downloads: 2, status: 'active' });
    expect(list[0].last_download_at).not.toBeNull();

    // A document deleted meanwhile is left out of the next download.
    expect(
      (await v1(t.app, 'DELETE', `/v1/document?doc_id=${docs.png}`, undefined, as(owner))).statusCode,
    ).toBe(200);
    const later = await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip: freshIp() });
    expect((await PDFDocument.load(later.rawPayload)).getPageCount()).toBe(1 + 3);

    // A stranger cannot revoke it; the owner can.
    expect(
      (await v1(t.app, 'DELETE', `/v1/pet/handover/link?id=${link.id}`, undefined, as(stranger))).statusCode,
    ).toBe(404);
    const revoked = await v1(t.app, 'DELETE', `/v1/pet/handover/link?id=${link.id}`, undefined, as(owner));
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'revoked', downloads: 3 });
    expect((await call(t.app, 'GET', pathOf(link.url))).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip: freshIp() })).statusCode,
    ).toBe(404);
    list = (await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(owner))).json();
    expect(list[0]).toMatchObject({ status: 'revoked', downloads: 3 });
    // Guessed tokens are the same 404 page.
    const guessed = await call(t.app, 'GET', '/handover/AAAAAAAAAAAAAAAAAAAAAA');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.body).toBe((await call(t.app, 'GET', pathOf(link.url))).body);
  });

  it('rate-limits downloads per address', async () => {
    const link = (
      await v1(
        t.app,
        'POST',
        '/v1/pet/handover',
        { pet_id: petId, document_ids: [], mode: 'link' },
        as(owner),
      )
    ).json();
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i <= HANDOVER_LIMITS.downloadPerIp.max; i++) {
      statuses.push((await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip })).statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another address still gets it.
    expect(
      (await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip: freshIp() })).statusCode,
    ).toBe(200);
  });

  it('is a paid-plan extra: the free plan is refused with the key and its links stop answering', async () => {
    const link = (
      await v1(
        t.app,
        'POST',
        '/v1/pet/handover',
        { pet_id: petId, document_ids: [], mode: 'link' },
        as(owner),
      )
    ).json();
    await setPlan(t.app, owner.id, 'free');
    for (const res of [
      await v1(t.app, 'GET', `/v1/pet/export/record?pet_id=${petId}`, undefined, as(owner)),
      await v1(
        t.app,
        'POST',
        '/v1/pet/handover',
        { pet_id: petId, document_ids: [], mode: 'pdf' },
        as(owner),
      ),
      await v1(
        t.app,
        'POST',
        '/v1/pet/handover',
        { pet_id: petId, document_ids: [], mode: 'link' },
        as(owner),
      ),
    ]) {
      expect(res.statusCode).toBe(500);
      expect(res.json().key).toBe('Paid_Extras_Not_Allowed_Text');
    }
    expect((await call(t.app, 'GET', pathOf(link.url))).statusCode).toBe(404);
    await setPlan(t.app, owner.id, 'premium');
    expect((await call(t.app, 'GET', pathOf(link.url))).statusCode).toBe(200);
  });

  it('a link expires after 7 days (dev clock)', async () => {
    const link = (
      await v1(
        t.app,
        'POST',
        '/v1/pet/handover',
        { pet_id: petId, document_ids: [], mode: 'link' },
        as(owner),
      )
    ).json();
    await advanceDays(t.app, 6);
    expect((await call(t.app, 'GET', pathOf(link.url))).statusCode).toBe(200);
    await advanceDays(t.app, 1);
    expect((await call(t.app, 'GET', pathOf(link.url))).statusCode).toBe(404);
    expect(
      (await call(t.app, 'GET', `${pathOf(link.url)}.pdf`, undefined, { ip: freshIp() })).statusCode,
    ).toBe(404);
    const list = (
      await v1(t.app, 'GET', `/v1/pet/handover/links?pet_id=${petId}`, undefined, as(owner))
    ).json();
    expect(list.find((row: { id: string }) => row.id === link.id)).toMatchObject({ status: 'expired' });
  });
});
