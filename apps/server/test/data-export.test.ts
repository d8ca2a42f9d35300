import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { DATA_EXPORT_DOWNLOAD_PATH, DATA_EXPORT_FILE_PATH, dataExportStateSchema } from '@pet/contract';
import { DATA_SECTIONS, exportRecord } from '../src/modules/account-export/account-export.repo.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { call, freshIp, mailbox, registeredUser, v1, waitForMail } from './identity-helpers.ts';
import { confirmWith, placeOrder, runJobs } from './support/buying.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, type User } from './support/owners.ts';

/** Every entry of a ZIP (read with yauzl, an independent reader): name to bytes. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function storedBytes(t: TestApp, key: string): Promise<Buffer> {
  const file = await t.app.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Parses our CSV (RFC 4180, BOM, CRLF) into records of strings. */
function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += c;
  }
  const [header, ...records] = rows;
  return records.map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i] ?? ''])));
}

const csvText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

const getExport = async (t: TestApp, user: User) => {
  const res = await v1(t.app, 'GET', '/v1/account/export', undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return dataExportStateSchema.parse(res.json()).export;
};
const startExport = async (t: TestApp, user: User) => {
  const res = await v1(t.app, 'POST', '/v1/account/export', undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return dataExportStateSchema.parse(res.json()).export!;
};

describe(`full data export (GDPR Art. 20, issue 17; ${testDatabaseKind})`, () => {
  let t: TestApp;
  let owner: User;
  let stranger: User;
  let zipBytes: Buffer;
  let entries: Map<string, Buffer>;
  let exportId: string;
  let downloadUrl: URL;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await registeredUser(t.app, { name: 'Erika Muster', language: 'de' });
    stranger = await registeredUser(t.app, { language: 'en' });
    // A paid plan bought by card: an invoice to export (and the lost-pet tag and calendar it allows).
    const { secret } = await placeOrder(t.app, owner, { plan: 'premium' });
    expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
    await runJobs(t.app);

    await v1(
      t.app,
      'PUT',
      `/v1/user/update?id=${owner.id}`,
      {
        zipcode: '10115',
        phone: '+49 30 1234567',
        address_1: 'Home',
        address_2: 'Street 1',
        city: 'Berlin',
        country: 'DE',
      },
      as(owner),
    );
    const avatar = await postFiles(
      t.app,
      '/v1/upload/image?file_for=user',
      [{ name: 'me.png', type: 'image/png', data: fixtures.png() }],
      as(owner),
    );
    expect(avatar.statusCode, avatar.body).toBeLessThan(300);
    const bello = await createPet(t.app, owner, { name: 'Bello' });
    // A name that is no valid folder name as it is.
    const mia = await createPet(t.app, owner, { name: 'Mia/Ü "Katze"', pet_type: 'Cat' });
    const photo = await postFiles(
      t.app,
      `/v1/upload/image?file_for=pet&pet_id=${bello.id}`,
      [{ name: 'bello.jpg', type: 'image/jpeg', data: fixtures.jpeg() }],
      as(owner),
    );
    expect(photo.statusCode, photo.body).toBeLessThan(300);
    for (const [kind, body] of [
      ['allergy', { name: 'Penicillin', medical_type: 'allergy' }],
      ['medication', { name: 'Apoquel, 16 mg "daily"', medical_type: 'medication' }],
    ] as const) {
      const res = await v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=${bello.id}`, body, as(owner));
      expect(res.statusCode, res.body).toBe(201);
    }
    await v1(
      t.app,
      'POST',
      `/v1/contact?pet_id=${mia.id}`,
      { name: 'Dr. Vet', phone: '+49 30 7654321', contact_type: 'Vet' },
      as(owner),
    );
    for (const [pet, area, type, files] of [
      [
        bello,
        'document-safe',
        'Insurance',
        [
          { name: 'policy.pdf', type: 'application/pdf', data: fixtures.pdf() },
          { name: 'notes.txt', type: 'text/plain', data: fixtures.txt() },
        ],
      ],
      [mia, 'vet-findings', 'X-rays', [{ name: 'xray.jpg', type: 'image/jpeg', data: fixtures.jpeg() }]],
    ] as const) {
      const up = await postFiles(
        t.app,
        `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
        [...files],
        as(owner),
      );
      expect(up.statusCode, up.body).toBe(201);
      const doc = await v1(
        t.app,
        'POST',
        `/v1/document?pet_id=${pet.id}`,
        { document_type: type, area, description: `${type} of ${pet.name}`, doc_url: up.json().doc_url },
        as(owner),
      );
      expect(doc.statusCode, doc.body).toBe(201);
    }
    const tag = await v1(t.app, 'POST', `/v1/pet/tag/regenerate?pet_id=${bello.id}`, undefined, as(owner));
    expect(tag.statusCode, tag.body).toBe(200);
    expect((await v1(t.app, 'POST', '/v1/calendar/feed', undefined, as(owner))).statusCode).toBe(200);
    // A share of Bello (issue 35): the invitation, the share and its activity line are exported.
    const share = await v1(
      t.app,
      'POST',
      '/v1/share/invitation',
      { email: 'sitter@example.org', pet_ids: [bello.id], role: 'carer', language: 'de' },
      as(owner),
    );
    expect(share.statusCode, share.body).toBe(201);
    // The stranger has a pet of their own, which must never appear in the owner's export.
    await createPet(t.app, stranger, { name: 'Strangerpet' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 signed out and null before any export', async () => {
    expect((await call(t.app, 'GET', '/v1/account/export')).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/v1/account/export', undefined, { headers: { 'x-identity': 'web' } }))
        .statusCode,
    ).toBe(401);
    expect(await getExport(t, owner)).toBeNull();
  });

  it('starts one export: a second call answers the running one; the job persists its progress as it goes', async () => {
    const first = await startExport(t, owner);
    expect(first).toMatchObject({ status: 'queued', progress: 0, size: null, download_url: null });
    const second = await startExport(t, owner);
    expect(second.id).toBe(first.id);
    expect(
      await t.app.db.selectFrom('data_export').select('id').where('user_id', '=', owner.id).execute(),
    ).toHaveLength(1);
    exportId = first.id;

    // Watch the row while the job runs: files_done grows in steps, not only at the end.
    t.app.dataExport.progressEveryMs = 0;
    const seen = new Set<number>();
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const row = await t.app.db
          .selectFrom('data_export')
          .select(['files_done', 'files_total'])
          .where('id', '=', exportId)
          .executeTakeFirstOrThrow();
        if (row.files_total > 0) seen.add(row.files_done);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    await t.app.jobs.runDue();
    watching = false;
    await watch;
    t.app.dataExport.progressEveryMs = 250;

    const ready = await getExport(t, owner);
    expect(ready).toMatchObject({
      id: exportId,
      status: 'ready',
      progress: 100,
      download_url: DATA_EXPORT_FILE_PATH,
    });
    expect(ready!.files_done).toBe(ready!.files_total);
    const between = [...seen].filter((n) => n > 0 && n < ready!.files_total);
    expect(between.length, `progress values seen: ${[...seen].join(',')}`).toBeGreaterThan(3);
    const expires = new Date(ready!.expires_at!).getTime() - new Date(ready!.finished_at!).getTime();
    expect(expires).toBe(7 * 24 * 3600 * 1000);
  });

  it('mails a link (192-bit token, stored hashed) that streams the ZIP with its length', async () => {
    const mail = await waitForMail(t.app, owner.email, 'data-export-ready');
    expect(mail.subject).toBe('Ihr Datenexport ist fertig');
    const link = mail.links.map((l) => new URL(l)).find((url) => url.pathname === DATA_EXPORT_DOWNLOAD_PATH);
    expect(link).toBeDefined();
    downloadUrl = link!;
    const token = downloadUrl.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(24);
    const row = await t.app.db
      .selectFrom('data_export')
      .selectAll()
      .where('id', '=', exportId)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);

    const res = await call(t.app, 'GET', `${downloadUrl.pathname}${downloadUrl.search}`, undefined, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="[A-Za-z-]+-Datenexport-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    zipBytes = res.rawPayload;
    expect(Number(res.headers['content-length'])).toBe(zipBytes.length);
    expect((await getExport(t, owner))!.size).toBe(zipBytes.length);
    entries = await unzip(zipBytes);
    expect(entries.get('README.txt')!.toString('utf8')).toContain('Datenexport');

    // The signed-in download answers the same ZIP.
    const own = await v1(t.app, 'GET', DATA_EXPORT_FILE_PATH, undefined, as(owner));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(zipBytes)).toBe(true);
  });

  it('holds every record of the user as JSON and CSV, matching the database, and nothing of anyone else', async () => {
    for (const section of DATA_SECTIONS) {
      const json = JSON.parse(entries.get(`data/${section.name}.json`)!.toString('utf8')) as Array<
        Record<string, unknown>
      >;
      const csv = parseCsv(entries.get(`data/${section.name}.csv`)!.toString('utf8'));
      const rows = (await section.rows(t.app.db, owner.id)).map(exportRecord);
      expect(json, section.name).toHaveLength(rows.length);
      expect(csv, section.name).toHaveLength(rows.length);
      rows.forEach((row, i) => {
        for (const [key, value] of Object.entries(row)) {
          if (key === 'image_url' || key === 'image_key') continue;
          expect(json[i]![key], `${section.name}.${key}`).toEqual(value);
          expect(csv[i]![key], `${section.name}.${key} (csv)`).toBe(csvText(value));
        }
      });
    }
    const count = async (table: 'pet' | 'medical_record' | 'contact' | 'document' | 'appointment') =>
      (await t.app.db.selectFrom(table).select('id').where('user_id', '=', owner.id).execute()).map(
        (r) => r.id,
      );
    const jsonOf = (name: string) =>
      JSON.parse(entries.get(`data/${name}.json`)!.toString('utf8')) as Array<Record<string, unknown>>;
    expect(
      jsonOf('pets')
        .map((p) => p.id)
        .sort(),
    ).toEqual((await count('pet')).sort());
    expect(
      jsonOf('pets')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Bello', 'Mia/Ü "Katze"']);
    expect(
      jsonOf('medical-records')
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Apoquel, 16 mg "daily"', 'Penicillin']);
    expect(
      parseCsv(entries.get('data/medical-records.csv')!.toString('utf8'))
        .map((m) => m.name)
        .sort(),
    ).toEqual(['Apoquel, 16 mg "daily"', 'Penicillin']);
    expect(jsonOf('contacts')).toHaveLength(1);
    expect(jsonOf('documents').map((d) => d.document_type)).toEqual(['Insurance']);
    expect(jsonOf('vet-findings').map((d) => d.document_type)).toEqual(['X-rays']);
    expect(jsonOf('profile')[0]).toMatchObject({ email: owner.email, city: 'Berlin', language: 'German' });
    expect(jsonOf('lost-pet-tags')).toHaveLength(1);
    expect(jsonOf('calendar-feed')).toHaveLength(1);
    expect(jsonOf('calendar-feed')[0]).not.toHaveProperty('token_hash');
    expect(jsonOf('orders').some((o) => o.status === 'paid')).toBe(true);
    expect(jsonOf('share-invitations').map((i) => i.email)).toEqual(['sitter@example.org']);
    expect(jsonOf('share-invitations')[0]).not.toHaveProperty('token_hash');
    expect(jsonOf('shares')).toHaveLength(1);
    // Every line of the owner's pets: the data changes above and the invitation.
    const activity = await t.app.db
      .selectFrom('pet_activity')
      .select('subject')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(
      jsonOf('pet-activity')
        .map((a) => a.subject)
        .sort(),
    ).toEqual(activity.map((a) => a.subject).sort());
    expect(jsonOf('pet-activity').map((a) => a.subject)).toEqual(expect.arrayContaining(['share', 'pet']));
    // Nothing of the stranger, and no secrets.
    const all = [...entries.values()].map((b) => b.toString('latin1')).join('\n');
    expect(all).not.toContain(stranger.id);
    expect(all).not.toContain('Strangerpet');
    expect(all).not.toContain(stranger.email);
  });

  it('holds every uploaded file byte for byte under readable names, each emergency file and the invoice', async () => {
    const files = JSON.parse(entries.get('data/document-files.json')!.toString('utf8')) as Array<{
      id: string;
      file_in_export: string;
    }>;
    const rows = await t.app.db
      .selectFrom('document_file')
      .selectAll()
      .where('user_id', '=', owner.id)
      .execute();
    expect(files).toHaveLength(3);
    for (const row of rows) {
      const path = files.find((f) => f.id === row.id)!.file_in_export;
      expect(path).toMatch(
        /^files\/pets\/(Bello|Mia_Ü _Katze_) \([0-9a-f]{8}\)\/(documents|vet-findings)\/\d{4}-\d{2}-\d{2} /,
      );
      expect(entries.get(path)!.equals(await storedBytes(t, row.storage_key)), path).toBe(true);
    }
    const pets = await t.app.db.selectFrom('pet').selectAll().where('user_id', '=', owner.id).execute();
    const bello = pets.find((p) => p.name === 'Bello')!;
    const photoEntry = [...entries.keys()].find((name) =>
      /^files\/pets\/Bello \(.+\)\/photo\.jpg$/.test(name),
    )!;
    expect(entries.get(photoEntry)!.equals(await storedBytes(t, bello.image_key!))).toBe(true);
    const profile = await t.app.db
      .selectFrom('user_profile')
      .select('image_url')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const avatarEntry = [...entries.keys()].find((name) =>
      name.startsWith('files/account/profile-picture.'),
    )!;
    expect(entries.get(avatarEntry)!.equals(await storedBytes(t, profile.image_url!))).toBe(true);

    const emergency = [...entries.keys()].filter((name) => name.startsWith('emergency-files/'));
    expect(emergency).toHaveLength(2);
    for (const name of emergency) expect(entries.get(name)!.subarray(0, 5).toString()).toBe('%PDF-');
    const paid = await t.app.db
      .selectFrom('subscription_order')
      .select('invoice_number')
      .where('user_id', '=', owner.id)
      .where('status', '=', 'paid')
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    for (const { invoice_number } of paid) {
      expect(entries.get(`invoices/${invoice_number}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('the job is idempotent: run again it makes no second ZIP; a crashed run rewrites the same key', async () => {
    const mailsBefore = (await mailbox(t.app)).filter((m) => m.to === owner.email).length;
    await t.app.dataExport.build(exportId, { attempts: 1, max_attempts: 3 });
    expect(await t.app.storage.list(`users/${owner.id}/exports/`)).toEqual([
      `users/${owner.id}/exports/${exportId}.zip`,
    ]);
    expect((await mailbox(t.app)).filter((m) => m.to === owner.email)).toHaveLength(mailsBefore);
    // A runner that died half way leaves a running row: the rerun writes the same single ZIP.
    await t.app.db
      .updateTable('data_export')
      .set({ status: 'running', active_user_id: owner.id, mailed_at: null })
      .where('id', '=', exportId)
      .execute();
    await t.app.dataExport.build(exportId, { attempts: 2, max_attempts: 3 });
    expect(await t.app.storage.list(`users/${owner.id}/exports/`)).toHaveLength(1);
    expect((await getExport(t, owner))!.status).toBe('ready');
    // The rerun mailed a new link; the first one stopped working.
    const old = await call(t.app, 'GET', `${downloadUrl.pathname}${downloadUrl.search}`);
    expect(old.statusCode).toBe(404);
    const mails = (await mailbox(t.app)).filter(
      (m) => m.to === owner.email && m.kind === 'data-export-ready',
    );
    expect(mails).toHaveLength(2);
    const links = mails.map((m) => new URL(m.links.find((l) => l.includes(DATA_EXPORT_DOWNLOAD_PATH))!));
    const latest = links.find((link) => link.href !== downloadUrl.href)!;
    downloadUrl = latest;
    expect((await call(t.app, 'GET', `${latest.pathname}${latest.search}`)).statusCode).toBe(200);
  });

  it("never answers another user's export: wrong tokens 404, the stranger sees none", async () => {
    expect(
      (await call(t.app, 'GET', `${DATA_EXPORT_DOWNLOAD_PATH}?token=${'A'.repeat(32)}`)).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', `${DATA_EXPORT_DOWNLOAD_PATH}?token=x`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', DATA_EXPORT_DOWNLOAD_PATH)).statusCode).toBe(400);
    expect(await getExport(t, stranger)).toBeNull();
    expect((await v1(t.app, 'GET', DATA_EXPORT_FILE_PATH, undefined, as(stranger))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', DATA_EXPORT_FILE_PATH)).statusCode).toBe(401);
  });

  it('expires after 7 days: a job deletes the ZIP, the link answers 404, the status says expired', async () => {
    const sixDays = await t.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { days: 6 } });
    expect(sixDays.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${downloadUrl.pathname}${downloadUrl.search}`)).statusCode).toBe(200);
    const later = await t.app.inject({
      method: 'POST',
      url: '/dev/clock/advance',
      payload: { days: 1, hours: 1 },
    });
    expect(later.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `${downloadUrl.pathname}${downloadUrl.search}`)).statusCode).toBe(404);
    expect((await v1(t.app, 'GET', DATA_EXPORT_FILE_PATH, undefined, as(owner))).statusCode).toBe(404);
    expect(await getExport(t, owner)).toMatchObject({ status: 'expired', download_url: null });
    expect(await t.app.storage.list(`users/${owner.id}/exports/`)).toEqual([]);
  });

  it('a build that keeps failing ends as failed; starting again retries', async () => {
    const user = await registeredUser(t.app, { language: 'en' });
    const pet = await createPet(t.app, user, { name: 'Rex' });
    await postFiles(
      t.app,
      `/v1/upload/image?file_for=pet&pet_id=${pet.id}`,
      [{ name: 'rex.png', type: 'image/png', data: fixtures.png() }],
      as(user),
    );
    const started = await startExport(t, user);
    // The photo's bytes vanish from the storage: every attempt fails.
    const { image_key } = await t.app.db
      .selectFrom('pet')
      .select('image_key')
      .where('id', '=', pet.id)
      .executeTakeFirstOrThrow();
    const photo = await storedBytes(t, image_key!);
    await t.app.storage.delete(image_key!);
    await expect(t.app.dataExport.build(started.id, { attempts: 1, max_attempts: 2 })).rejects.toThrow();
    expect(await getExport(t, user)).toMatchObject({ status: 'queued' });
    await expect(t.app.dataExport.build(started.id, { attempts: 2, max_attempts: 2 })).rejects.toThrow();
    expect(await getExport(t, user)).toMatchObject({ status: 'failed', download_url: null });
    expect(await t.app.storage.list(`users/${user.id}/exports/`)).toEqual([]);
    await t.app.db.deleteFrom('job').where('payload', 'like', `%${started.id}%`).execute();

    const { Readable } = await import('node:stream');
    await t.app.storage.put(image_key!, Readable.from([photo]), { contentType: 'image/png' });
    const retry = await startExport(t, user);
    expect(retry.id).not.toBe(started.id);
    await t.app.jobs.runDue();
    expect(await getExport(t, user)).toMatchObject({ id: retry.id, status: 'ready' });
  });

  it('parallel starts make one export', async () => {
    const user = await registeredUser(t.app, { language: 'en' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => v1(t.app, 'POST', '/v1/account/export', undefined, as(user))),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const ids = new Set(answers.map((answer) => dataExportStateSchema.parse(answer.json()).export!.id));
    expect(ids.size).toBe(1);
    const rows = await t.app.db
      .selectFrom('data_export')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    const jobs = await t.app.db
      .selectFrom('job')
      .select('id')
      .where('type', '=', 'data-export.build')
      .where('payload', 'like', `%${user.id}%`)
      .execute();
    expect(jobs).toHaveLength(1);
  });

  it('is on every plan, rate-limits new exports, and goes with the account', async () => {
    const user = await registeredUser(t.app, { language: 'en' });
    for (let i = 0; i < 5; i += 1) {
      const started = await startExport(t, user);
      expect(started.status).toBe('queued');
      await t.app.jobs.runDue();
      expect(await getExport(t, user)).toMatchObject({ id: started.id, status: 'ready' });
    }
    // A new export replaces the earlier ones' files.
    expect(await t.app.storage.list(`users/${user.id}/exports/`)).toHaveLength(1);
    const refused = await v1(t.app, 'POST', '/v1/account/export', undefined, { ...as(user), ip: freshIp() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: expect.any(String) });

    const deletion = await v1(
      t.app,
      'POST',
      `/v1/auth/deleteuseracc?user_id=${user.id}`,
      undefined,
      as(user),
    );
    expect(deletion.statusCode).toBe(200);
    await t.app.db
      .updateTable('job')
      .set({ run_at: new Date(0).toISOString() })
      .where('type', '=', 'account.purge')
      .execute();
    await t.app.jobs.runDue();
    expect(
      await t.app.db.selectFrom('data_export').select('id').where('user_id', '=', user.id).execute(),
    ).toEqual([]);
    expect(await t.app.storage.list(`users/${user.id}/`)).toEqual([]);
  });
});
