import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, decodeDocUrl, documentSchema, MAX_FILE_BYTES } from '@pet/contract';
import { testDatabaseKind } from './helpers.ts';
import { call, registeredUser, v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, fileDocument, createPet, postFiles, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

type File = Parameters<typeof postFiles>[2][number];
/** Uploads files for a pet: the owner's pet, as the owner, unless told otherwise. */
function upload(files: File[], options: { token?: string; pet?: string } = {}) {
  const url = `/v1/upload/document?file_for=pet&pet_id=${options.pet ?? t.pet.id}`;
  return postFiles(t.app, url, files, { bearer: options.token ?? t.owner.token });
}

async function storedFiles() {
  return t.app.storage.list(`pets/${t.pet.id}/`);
}
async function fileRows() {
  return t.app.db
    .selectFrom('document_file')
    .select(['id', 'document_id'])
    .where('pet_id', '=', t.pet.id)
    .execute();
}
async function clearDocuments() {
  const keys = await t.app.db
    .selectFrom('document_file')
    .select('storage_key')
    .where('pet_id', '=', t.pet.id)
    .execute();
  await t.app.db.deleteFrom('document').where('pet_id', '=', t.pet.id).execute();
  await t.app.db.deleteFrom('document_file').where('pet_id', '=', t.pet.id).execute();
  for (const { storage_key } of keys) await t.app.storage.delete(storage_key);
}

describe(`document uploads and the document safe (${testDatabaseKind})`, () => {
  it('uploads three files of different types, creates a document, lists, edits and deletes it', async () => {
    const res = await upload([
      { name: 'scan.pdf', type: 'application/pdf', data: fixtures.pdf() },
      { name: 'photo.png', type: 'image/png', data: fixtures.png() },
      { name: 'letter.docx', data: fixtures.docx() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const docUrl = res.json().doc_url as string[];
    expect(decodeDocUrl(docUrl).map((e) => e.type)).toEqual(['pdf', 'png', 'docx']);

    const created = await fileDocument(t.app, t.owner, t.pet.id, {
      document_type: 'Insurance',
      description: ' Haftpflicht ',
      doc_url: docUrl,
    });
    expect(created.statusCode, created.body).toBe(201);
    const document = documentSchema.parse(created.json());
    expect(document.description).toBe('Haftpflicht');

    const list = await v1(t.app, 'GET', `/v1/document/mydocs?pet_id=${t.pet.id}`, undefined, as(t.owner));
    expect(list.json()).toHaveLength(1);

    // The owner reads the files: attachment by default, inline for a PDF on request, never for docx.
    const [pdf, , docx] = decodeDocUrl(document.doc_url);
    const download = await call(t.app, 'GET', pdf!.url, undefined, as(t.owner));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Bello-Insurance-1\.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(fixtures.pdf())).toBe(true);
    const inline = await call(t.app, 'GET', `${pdf!.url}&inline=1`, undefined, as(t.owner));
    expect(inline.headers['content-disposition']).toMatch(/^inline/);
    const docxInline = await call(t.app, 'GET', `${docx!.url}&inline=1`, undefined, as(t.owner));
    expect(docxInline.headers['content-disposition']).toMatch(/^attachment/);
    expect((await call(t.app, 'GET', pdf!.url, undefined, as(t.stranger))).statusCode).toBe(404);

    const edited = await v1(
      t.app,
      'PUT',
      `/v1/document?doc_id=${document.id}`,
      { description: 'Neu' },
      as(t.owner),
    );
    expect(edited.json()).toMatchObject({ description: 'Neu', document_type: 'Insurance' });
    const emptyEdit = await v1(
      t.app,
      'PUT',
      `/v1/document?doc_id=${document.id}`,
      { description: '  ' },
      as(t.owner),
    );
    expect(emptyEdit.json().key).toBe('Description_Text_Error');

    const removed = await v1(t.app, 'DELETE', `/v1/document?doc_id=${document.id}`, undefined, as(t.owner));
    expect(removed.statusCode).toBe(200);
    await t.app.jobs.runDue();
    expect(await storedFiles()).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });

  it("answers 401 signed out and 404 for another owner's pet, document or file", async () => {
    expect((await v1(t.app, 'GET', `/v1/document/mydocs?pet_id=${t.pet.id}`)).statusCode).toBe(401);
    const res = await upload([{ name: 'a.pdf', data: fixtures.pdf() }], { token: t.stranger.token });
    expect(res.statusCode).toBe(404);
    const own = await upload([{ name: 'a.pdf', data: fixtures.pdf() }]);
    const doc = await fileDocument(t.app, t.owner, t.pet.id, {
      document_type: 'Bills',
      description: 'x',
      doc_url: own.json().doc_url,
    });
    const id = doc.json().id;
    const foreign = await Promise.all([
      v1(t.app, 'GET', `/v1/document/mydocs?pet_id=${t.pet.id}`, undefined, as(t.stranger)),
      fileDocument(t.app, t.stranger, t.pet.id, {
        document_type: 'Bills',
        description: 'x',
        doc_url: own.json().doc_url,
      }),
      v1(t.app, 'PUT', `/v1/document?doc_id=${id}`, { description: 'y' }, as(t.stranger)),
      v1(t.app, 'DELETE', `/v1/document?doc_id=${id}`, undefined, as(t.stranger)),
    ]);
    for (const r of foreign) expect(r.statusCode).toBe(404);
    // A stranger cannot claim the owner's uploaded files for a pet of their own either.
    const strangerPet = await createPet(t.app, t.stranger, { name: 'Mine', pet_type: 'Cat' });
    const again = await upload([{ name: 'b.pdf', data: fixtures.pdf() }]);
    const steal = await fileDocument(t.app, t.stranger, strangerPet.id, {
      document_type: 'Bills',
      description: 'x',
      doc_url: again.json().doc_url,
    });
    expect(steal.statusCode).toBe(400);
    expect(steal.json().key).toBe('Document_Error');
    await clearDocuments();
  });

  it.each([
    [
      'an executable renamed .pdf',
      [{ name: 'invoice.pdf', type: 'application/pdf', data: fixtures.exe() }],
      'File_Type_Error_Text',
    ],
    [
      'an HTML file named as an image',
      [{ name: 'photo.jpg', type: 'image/jpeg', data: fixtures.html() }],
      'File_Type_Error_Text',
    ],
    [
      'an SVG with a script named as an image',
      [{ name: 'photo.png', type: 'image/png', data: fixtures.svgWithScript() }],
      'File_Type_Error_Text',
    ],
    [
      'a bad file after a good one',
      [
        { name: 'ok.pdf', data: fixtures.pdf() },
        { name: 'x.pdf', data: fixtures.elf() },
      ],
      'File_Type_Error_Text',
    ],
    [
      'a 6th file',
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, data: fixtures.pdf() })),
      'To_Many_Files_Error_Text',
    ],
    ['no file at all', [], 'Document_Error'],
  ])('refuses %s with its key and leaves no file and no row', async (_label, files, key) => {
    const res = await upload(files as File[]);
    expect(res.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(res.json()).key).toBe(key);
    expect(await storedFiles()).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });

  it('refuses a file of 26 MB at its 26214401st byte and keeps nothing', async () => {
    const big = Buffer.concat([
      fixtures.pdf(),
      Buffer.alloc(MAX_FILE_BYTES + 1 - fixtures.pdf().length, 0x20),
    ]);
    const res = await upload([
      { name: 'ok.pdf', data: fixtures.pdf() },
      { name: 'big.pdf', data: big },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('File_Too_Large_Error_Text');
    expect(await storedFiles()).toEqual([]);
    expect(await fileRows()).toEqual([]);
    // Exactly the limit is fine.
    const exact = await upload([{ name: 'exact.pdf', data: big.subarray(0, MAX_FILE_BYTES) }]);
    expect(exact.statusCode).toBe(201);
    await clearDocuments();
  });

  it('chooses file names itself: a ../ name never becomes a path', async () => {
    const res = await upload([
      { name: '../../../etc/passwd.pdf', data: fixtures.pdf() },
      { name: '..\\..\\boot.ini.txt', data: fixtures.txt() },
    ]);
    expect(res.statusCode).toBe(201);
    const keys = await storedFiles();
    expect(keys).toHaveLength(2);
    for (const key of keys)
      expect(key).toMatch(new RegExp(`^pets/${t.pet.id}/docs/[0-9a-f-]{36}\\.(pdf|txt)$`));
    await clearDocuments();
  });

  it('keeps nothing when the client disconnects in the middle of an upload', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const boundary = '----abortboundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ok.pdf"\r\nContent-Type: application/pdf\r\n\r\n` +
      `${fixtures.pdf().toString('latin1')}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = http.request(`${address}/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${t.owner.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(20_000_000),
        },
      });
      req.on('error', () => resolve());
      req.write(head);
      req.write(fixtures.pdf());
      let sent = 0;
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const pump = () => {
        while (sent < 3_000_000) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 100);
      };
      pump();
    });
    // Give the server a moment to notice the broken connection and clean up. (The bytes go to the
    // pending prefix first: that is where a leftover would be.)
    const pendingFiles = () => t.app.storage.list(`pending/pets/${t.pet.id}/`);
    const leftovers = async () =>
      [...(await storedFiles()), ...(await pendingFiles())].length + (await fileRows()).length;
    for (let i = 0; i < 50 && (await leftovers()) > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await storedFiles()).toEqual([]);
    expect(await pendingFiles()).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });

  it('refuses a text file with markup after its first 4 KB and keeps nothing (issue 15.5)', async () => {
    const before = await storedFiles();
    const rowsBefore = await fileRows();
    const text = Buffer.from(`${'Impfpass Zeile\n'.repeat(500)}<img src=x onerror=alert(1)>\n`);
    const res = await upload([
      { name: 'ok.pdf', data: fixtures.pdf() },
      { name: 'notes.txt', type: 'text/plain', data: text },
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().key).toBe('File_Type_Error_Text');
    expect(await storedFiles()).toEqual(before);
    expect(await fileRows()).toEqual(rowsBefore);
    const plain = await upload([{ name: 'notes.txt', data: Buffer.from('Gewicht < 30 kg\n'.repeat(500)) }]);
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('holds the free plan limit of 5 documents under 10 parallel uploads', async () => {
    const user = await registeredUser(t.app);
    const { id } = await createPet(t.app, user, { name: 'Mini', pet_type: 'Cat' });
    const attempts = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const up = await upload([{ name: `f${i}.pdf`, data: fixtures.pdf() }], {
          token: user.token,
          pet: id,
        });
        if (up.statusCode !== 201) return up;
        return fileDocument(t.app, user, id, {
          document_type: 'Others',
          description: `doc ${i}`,
          doc_url: up.json().doc_url,
        });
      }),
    );
    expect(attempts.filter((r) => r.statusCode === 201)).toHaveLength(5);
    const refused = attempts.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.json().key).toBe('Basic_Document_Limit_Reached_Message');
    expect(
      await t.app.db.selectFrom('document').select('id').where('user_id', '=', user.id).execute(),
    ).toHaveLength(5);
    // A further upload is refused before any byte is stored.
    const more = await upload([{ name: 'more.pdf', data: fixtures.pdf() }], { token: user.token, pet: id });
    expect(more.statusCode).toBe(500);
    expect(more.json().key).toBe('Basic_Document_Limit_Reached_Message');
    // Files that no document claimed are gone a day later.
    const unclaimedFiles = () =>
      t.app.db
        .selectFrom('document_file')
        .select('id')
        .where('pet_id', '=', id)
        .where('document_id', 'is', null)
        .execute();
    const unclaimed = await unclaimedFiles();
    await t.app.db
      .updateTable('job')
      .set({ run_at: new Date(0).toISOString() })
      .where('type', '=', 'documents.discard-unclaimed')
      .execute();
    await t.app.jobs.runDue();
    const left = await unclaimedFiles();
    expect(unclaimed.length).toBeGreaterThanOrEqual(0);
    expect(left).toEqual([]);
    expect(await t.app.storage.list(`pets/${id}/`)).toHaveLength(5);
  });

  it('removes documents and their files with the pet', async () => {
    const up = await upload([{ name: 'a.pdf', data: fixtures.pdf() }]);
    await fileDocument(t.app, t.owner, t.pet.id, {
      document_type: 'Photos',
      description: 'x',
      doc_url: up.json().doc_url,
    });
    const pet2 = await createPet(t.app, t.owner, { name: 'Temp' });
    const up2 = await upload([{ name: 'b.pdf', data: fixtures.pdf() }], { pet: pet2.id });
    await fileDocument(t.app, t.owner, pet2.id, {
      document_type: 'Photos',
      description: 'y',
      doc_url: up2.json().doc_url,
    });
    await v1(t.app, 'DELETE', `/v1/pet?id=${pet2.id}`, undefined, as(t.owner));
    await t.app.jobs.runDue();
    expect(
      await t.app.db.selectFrom('document').select('id').where('pet_id', '=', pet2.id).execute(),
    ).toEqual([]);
    expect(
      await t.app.db.selectFrom('document_file').select('id').where('pet_id', '=', pet2.id).execute(),
    ).toEqual([]);
    expect(await t.app.storage.list(`pets/${pet2.id}/`)).toEqual([]);
    expect(await storedFiles()).toHaveLength(1);
    await clearDocuments();
  });

  it('keeps an uploaded file claimable for a day of business time, however far the dev clock ran ahead', async () => {
    // Business time a year ahead of the system clock: the unclaimed-file job must not be due at once.
    const advanced = await t.app.inject({
      method: 'POST',
      url: '/dev/clock/advance',
      payload: { days: 400 },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const up = await upload([{ name: 'scan.pdf', data: fixtures.pdf() }]);
    expect(up.statusCode, up.body).toBe(201);
    await t.app.jobs.runDue();
    const created = await fileDocument(t.app, t.owner, t.pet.id, {
      document_type: 'Insurance',
      description: 'After a year',
      doc_url: up.json().doc_url,
    });
    expect(created.statusCode, created.body).toBe(201);
    await clearDocuments();
  });
});
