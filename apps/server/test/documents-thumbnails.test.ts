import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { decodeDocUrl } from '@pet/contract';
import { Readable } from 'node:stream';
import type { FileStorage } from '../src/platform/storage/index.ts';
import { makeThumbnail, MAX_PDF_THUMBNAIL_BYTES, thumbKeyOf } from '../src/platform/uploads/thumbnails.ts';
import { testDatabaseKind } from './helpers.ts';
import { call, v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, fileDocument, postFiles, setUpOwnerAndStranger } from './support/owners.ts';

/** Issue 14.24: thumbnails made once at upload, beside the file, served owner-checked. */
const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

/** A two-page PDF: page 1 mostly orange, page 2 mostly blue. */
function twoPagePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.rect(0, 0, 595, 842).fill('#c04d00');
  doc.fillColor('#ffffff').fontSize(40).text('Impfpass', 50, 50);
  doc.addPage().rect(0, 0, 595, 842).fill('#0033cc');
  doc.end();
  return done;
}

async function averageColor(image: Buffer) {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

describe(`document thumbnails (${testDatabaseKind})`, () => {
  it('makes a thumbnail of a PDF (first page) and of an image, none for a docx; owner only; gone with the document', async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#22aa44' },
    })
      .jpeg()
      .toBuffer();
    const up = await postFiles(
      t.app,
      `/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`,
      [
        { name: 'impfpass.pdf', data: await twoPagePdf() },
        { name: 'photo.jpg', data: photo },
        { name: 'letter.docx', data: fixtures.docx() },
      ],
      as(t.owner),
    );
    expect(up.statusCode, up.body).toBe(201);
    const created = await fileDocument(t.app, t.owner, t.pet.id, {
      document_type: 'Insurance',
      description: 'Mit Vorschau',
      doc_url: up.json().doc_url,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Thumbnails are made after the upload's answer, by a durable job.
    await t.app.jobs.runDue();
    const [pdf, jpg, docx] = decodeDocUrl(created.json().doc_url).map((entry) =>
      entry.url.replace('/v1/document/file', '/v1/document/thumbnail'),
    );

    const pdfThumb = await call(t.app, 'GET', pdf!, undefined, as(t.owner));
    expect(pdfThumb.statusCode).toBe(200);
    expect(pdfThumb.headers['content-type']).toBe('image/webp');
    expect(pdfThumb.headers['x-content-type-options']).toBe('nosniff');
    const pdfMeta = await sharp(pdfThumb.rawPayload).metadata();
    expect(pdfMeta.width).toBe(240);
    expect(pdfMeta.height).toBeGreaterThan(300); // A4 portrait
    const [r, g, b] = await averageColor(pdfThumb.rawPayload);
    expect(r).toBeGreaterThan(150); // the orange first page, not the blue second one
    expect(b).toBeLessThan(80);
    expect(g).toBeLessThan(120);

    const jpgThumb = await call(t.app, 'GET', jpg!, undefined, as(t.owner));
    expect(jpgThumb.statusCode).toBe(200);
    const jpgMeta = await sharp(jpgThumb.rawPayload).metadata();
    expect([jpgMeta.format, jpgMeta.width, jpgMeta.height]).toEqual(['webp', 240, 180]);

    expect((await call(t.app, 'GET', docx!, undefined, as(t.owner))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pdf!, undefined, as(t.stranger))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pdf!)).statusCode).toBe(401);

    const keys = await t.app.db
      .selectFrom('document_file')
      .select('storage_key')
      .where('document_id', '=', created.json().id)
      .orderBy('position')
      .execute();
    const thumbs = keys.slice(0, 2).map((k) => thumbKeyOf(k.storage_key));
    for (const key of thumbs) expect(await t.app.storage.exists(key)).toBe(true);
    const removed = await v1(
      t.app,
      'DELETE',
      `/v1/document?doc_id=${created.json().id}`,
      undefined,
      as(t.owner),
    );
    expect(removed.statusCode).toBe(200);
    for (const key of thumbs) expect(await t.app.storage.exists(key)).toBe(false);
    expect(await t.app.storage.list(`pets/${t.pet.id}/`)).toEqual([]);
  });

  it('answers the upload before the thumbnails exist; the job makes them once, and skips a file deleted meanwhile', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3355cc' } })
      .png()
      .toBuffer();
    const upload = () =>
      postFiles(
        t.app,
        `/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`,
        [{ name: 'p.png', data: photo }],
        as(t.owner),
      );
    const first = await upload();
    const second = await upload();
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const fileIdOf = (res: typeof first) => decodeDocUrl(res.json().doc_url)[0]!.url.split('file_id=')[1]!;
    const [kept, deleted] = [fileIdOf(first), fileIdOf(second)];
    const thumbUrl = (id: string) => `/v1/document/thumbnail?file_id=${id}`;
    const keptRow = await t.app.db
      .selectFrom('document_file')
      .select('storage_key')
      .where('id', '=', kept)
      .executeTakeFirstOrThrow();
    expect(await t.app.storage.exists(thumbKeyOf(keptRow.storage_key))).toBe(false);

    // The second upload's file goes before the job runs (as the unclaimed-file job would do).
    const row = await t.app.db
      .selectFrom('document_file')
      .select('storage_key')
      .where('id', '=', deleted)
      .executeTakeFirstOrThrow();
    await t.app.db.deleteFrom('document_file').where('id', '=', deleted).execute();
    await t.app.storage.delete(row.storage_key);

    await t.app.jobs.runDue();
    expect((await call(t.app, 'GET', thumbUrl(kept), undefined, as(t.owner))).statusCode).toBe(200);
    expect(await t.app.storage.exists(thumbKeyOf(row.storage_key))).toBe(false);
    const jobs = await t.app.db
      .selectFrom('job')
      .select(['status', 'attempts'])
      .where('type', '=', 'documents.make-thumbnails')
      .execute();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
    expect(jobs.every((job) => job.status === 'done' && job.attempts === 1)).toBe(true);
  });

  it('makes a thumbnail asked for before the job ran at once, once, and the job then leaves it', async () => {
    const photo = await sharp({ create: { width: 500, height: 400, channels: 3, background: '#cc5533' } })
      .jpeg()
      .toBuffer();
    const up = await postFiles(
      t.app,
      `/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`,
      [{ name: 'fresh.jpg', data: photo }],
      as(t.owner),
    );
    expect(up.statusCode, up.body).toBe(201);
    const fileId = decodeDocUrl(up.json().doc_url)[0]!.url.split('file_id=')[1]!;
    const thumbUrl = `/v1/document/thumbnail?file_id=${fileId}`;

    // A list opened right after the upload: two thumbnails asked for at once, before the job ran.
    const [a, b] = await Promise.all([
      call(t.app, 'GET', thumbUrl, undefined, as(t.owner)),
      call(t.app, 'GET', thumbUrl, undefined, as(t.owner)),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect((await sharp(a.rawPayload).metadata()).width).toBe(240);
    // Not another owner's, even now.
    expect((await call(t.app, 'GET', thumbUrl, undefined, as(t.stranger))).statusCode).toBe(404);

    await t.app.jobs.runDue();
    const again = await call(t.app, 'GET', thumbUrl, undefined, as(t.owner));
    expect(Buffer.compare(again.rawPayload, a.rawPayload)).toBe(0);
    const job = await t.app.db
      .selectFrom('job')
      .select(['status', 'attempts', 'payload'])
      .where('type', '=', 'documents.make-thumbnails')
      .execute();
    const mine = job.filter((row) =>
      (typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload)).includes(fileId),
    );
    expect(mine.map((row) => [row.status, row.attempts])).toEqual([['done', 1]]);
  });

  it('draws no thumbnail for a PDF over the size cap, without reading it', async () => {
    let read = false;
    const stream = new Readable({
      read() {
        read = true;
        this.push(null);
      },
    });
    const storage = {
      get: async () => ({ stream, size: MAX_PDF_THUMBNAIL_BYTES + 1, contentType: 'application/pdf' }),
    } as unknown as FileStorage;
    let rendered = false;
    const thumbnail = await makeThumbnail(storage, 'pets/x/docs/big.pdf', 'pdf', {
      renderPdf: async () => {
        rendered = true;
        return Buffer.alloc(0);
      },
      log: { warn: () => undefined },
    });
    expect([thumbnail, rendered, read, stream.destroyed]).toEqual([null, false, false, true]);
  });
});
