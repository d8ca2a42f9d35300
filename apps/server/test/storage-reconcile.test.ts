import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { LocalFileStorage } from '../src/platform/storage/index.ts';
import { pendingKeyOf } from '../src/platform/storage/index.ts';
import { STORAGE_RECONCILE_JOB } from '../src/modules/stored-files/storage-reconcile.ts';
import { buildApp } from '../src/app.ts';
import { testDatabaseKind } from './helpers.ts';
import { v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, fileDocument, postFiles, setUpOwnerAndStranger } from './support/owners.ts';

/** Issue 15.4: storage and rows converge. */
const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

const put = (key: string) =>
  t.app.storage.put(key, Readable.from([Buffer.from(key)]), { contentType: 'application/pdf' });

/** Makes a stored object look `hours` old (the local adapter keeps the file's mtime). */
async function age(key: string, hours: number) {
  const storage = t.app.storage as LocalFileStorage;
  const when = new Date(Date.now() - hours * 3600 * 1000);
  await fs.utimes(path.join(storage.root, ...key.split('/')), when, when);
}

/**
 * What a kill between an upload's commit and its move leaves (issue 40.1): the document's row
 * names a key whose bytes are still under pending/. Answers the file's id and key.
 */
async function documentStrandedInPending(bytes: Buffer): Promise<{ fileId: string; key: string }> {
  const upload = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`,
    [{ name: 'a.pdf', data: bytes }],
    as(t.owner),
  );
  expect(upload.statusCode, upload.body).toBe(201);
  const filed = await fileDocument(t.app, t.owner, t.pet.id, {
    document_type: 'Bills',
    description: 'stranded',
    doc_url: upload.json().doc_url,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const row = await t.app.db
    .selectFrom('document_file')
    .select(['id', 'storage_key'])
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  await t.app.storage.move(row.storage_key, pendingKeyOf(row.storage_key));
  return { fileId: row.id, key: row.storage_key };
}

describe(`storage reconciliation (${testDatabaseKind})`, () => {
  it('a download whose bytes a crash left under pending/ moves them into place and serves them', async () => {
    const bytes = fixtures.pdf();
    const { fileId, key } = await documentStrandedInPending(bytes);
    const res = await v1(t.app, 'GET', `/v1/document/file?file_id=${fileId}`, undefined, as(t.owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect([await t.app.storage.exists(key), await t.app.storage.exists(pendingKeyOf(key))]).toEqual([
      true,
      false,
    ]);
  });

  it('every start finishes such uploads before it is ready, also within the hour of the last start', async () => {
    const { key } = await documentStrandedInPending(fixtures.pdf());
    // A restart: another app on the same database and files (the test apps run no job loop, and
    // this hour's start reconciliation is already scheduled, so only the start's own check can act).
    const restarted = await buildApp(t.app.config);
    try {
      await restarted.ready();
      expect([await t.app.storage.exists(key), await t.app.storage.exists(pendingKeyOf(key))]).toEqual([
        true,
        false,
      ]);
    } finally {
      await restarted.close();
    }
  });

  it('keeps exactly one file after 8 parallel pet-photo replacements', async () => {
    const url = `/v1/upload/image?file_for=pet&pet_id=${t.pet.id}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postFiles(t.app, url, [{ name: 'petImage.jpg', data: fixtures.jpeg() }], as(t.owner)),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const files = await t.app.storage.list(`pets/${t.pet.id}/photo/`);
    const pet = await t.app.db
      .selectFrom('pet')
      .select('image_key')
      .where('id', '=', t.pet.id)
      .executeTakeFirstOrThrow();
    expect(files).toEqual([pet.image_key]);
    expect(await t.app.storage.list(`pending/pets/${t.pet.id}/`)).toEqual([]);
  });

  it('keeps exactly one file after 8 parallel avatar replacements', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        postFiles(
          t.app,
          '/v1/upload/image?file_for=user',
          [{ name: 'petImage.jpg', data: fixtures.png() }],
          as(t.owner),
        ),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const profile = await t.app.db
      .selectFrom('user_profile')
      .select('image_url')
      .where('user_id', '=', t.owner.id)
      .executeTakeFirstOrThrow();
    expect(await t.app.storage.list(`users/${t.owner.id}/avatar/`)).toEqual([profile.image_url]);
    expect(await t.app.storage.list(`pending/users/${t.owner.id}/`)).toEqual([]);
  });

  it('is scheduled at start and runs as a job that schedules the next day', async () => {
    const jobs = () =>
      t.app.db
        .selectFrom('job')
        .select(['dedupe_key', 'status'])
        .where('type', '=', STORAGE_RECONCILE_JOB)
        .execute();
    expect((await jobs()).some((job) => job.dedupe_key?.endsWith(':start'))).toBe(true);
    await t.app.jobs.runDue();
    const after = await jobs();
    expect(after.find((job) => job.dedupe_key?.endsWith(':start'))?.status).toBe('done');
    expect(after.some((job) => job.status === 'pending')).toBe(true);
  });

  it('removes an orphan older than the grace period, keeps a younger one, finalizes and reports', async () => {
    const dir = `pets/${t.pet.id}/docs/`;
    const oldOrphan = `${dir}${randomUUID()}.pdf`;
    const youngOrphan = `${dir}${randomUUID()}.pdf`;
    const oldPending = pendingKeyOf(`${dir}${randomUUID()}.pdf`);
    await put(oldOrphan);
    await put(youngOrphan);
    await put(oldPending);
    await age(oldOrphan, 2);
    await age(oldPending, 2);

    // A crash after the row committed and before its bytes were finalized...
    const committed = `${dir}${randomUUID()}.pdf`;
    await put(pendingKeyOf(committed));
    // ...and a row whose file is gone (e.g. restored from an older backup).
    const lost = `${dir}${randomUUID()}.pdf`;
    const now = new Date().toISOString();
    const row = (storage_key: string) => ({
      id: randomUUID(),
      user_id: t.owner.id,
      pet_id: t.pet.id,
      document_id: null,
      storage_key,
      ext: 'pdf',
      mime: 'application/pdf',
      size: 10,
      position: 0,
      created_at: now,
    });
    await t.app.db
      .insertInto('document_file')
      .values([row(committed), row(lost)])
      .execute();

    const report = await t.app.reconcileStorage();
    expect(report.removed.sort()).toEqual([oldOrphan, oldPending].sort());
    expect(report.finalized).toEqual([committed]);
    expect(report.missing).toEqual([{ owner: 'document files', key: lost }]);
    expect(await t.app.storage.exists(youngOrphan)).toBe(true);
    expect(await t.app.storage.exists(oldOrphan)).toBe(false);
    expect(await t.app.storage.exists(committed)).toBe(true);
    // The pet photo and the avatar of the tests above are owned: untouched.
    const pet = await t.app.db
      .selectFrom('pet')
      .select('image_key')
      .where('id', '=', t.pet.id)
      .executeTakeFirstOrThrow();
    expect(await t.app.storage.exists(pet.image_key!)).toBe(true);
    await t.app.db.deleteFrom('document_file').where('storage_key', 'in', [committed, lost]).execute();
  });
});
