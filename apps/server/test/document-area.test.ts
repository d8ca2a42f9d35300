import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, documentListResponseSchema, documentSchema } from '@pet/contract';
import * as documentArea from '../src/db/migrations/0100_document_area.ts';
import { testDatabaseKind } from './helpers.ts';
import { v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, postFiles, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

async function uploadedDocUrl(): Promise<string[]> {
  const res = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${t.pet.id}`,
    [{ name: 'scan.pdf', type: 'application/pdf', data: fixtures.pdf() }],
    { bearer: t.owner.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().doc_url as string[];
}

function createDocument(body: Record<string, unknown>) {
  return v1(t.app, 'POST', `/v1/document?pet_id=${t.pet.id}`, body, as(t.owner));
}

describe(`the vet findings' "Others" (issue 14 item 16, ${testDatabaseKind})`, () => {
  it("stores and answers the spec's 'Others' for both areas and keeps them apart by area", async () => {
    const vet = await createDocument({
      document_type: 'Others',
      area: 'vet-findings',
      description: 'Befund',
      doc_url: await uploadedDocUrl(),
    });
    expect(vet.statusCode, vet.body).toBe(201);
    expect(documentSchema.parse(vet.json())).toMatchObject({ document_type: 'Others', area: 'vet-findings' });
    // A client that sends no area (the spec's payload) gets the document safe's Others.
    const safe = await createDocument({
      document_type: 'Others',
      description: 'Safe',
      doc_url: await uploadedDocUrl(),
    });
    expect(safe.json()).toMatchObject({ document_type: 'Others', area: 'document-safe' });
    // Every other type has one area, named or not.
    const xray = await createDocument({
      document_type: 'X-rays',
      description: 'X',
      doc_url: await uploadedDocUrl(),
    });
    expect(xray.json()).toMatchObject({ area: 'vet-findings' });

    const stored = await t.app.db
      .selectFrom('document')
      .select(['document_type', 'area'])
      .where('pet_id', '=', t.pet.id)
      .orderBy('description')
      .execute();
    expect(stored).toEqual([
      { document_type: 'Others', area: 'vet-findings' },
      { document_type: 'Others', area: 'document-safe' },
      { document_type: 'X-rays', area: 'vet-findings' },
    ]);
    const list = documentListResponseSchema.parse(
      (await v1(t.app, 'GET', `/v1/document/mydocs?pet_id=${t.pet.id}`, undefined, as(t.owner))).json(),
    );
    expect(list.map((doc) => `${doc.area}/${doc.document_type}`).sort()).toEqual([
      'document-safe/Others',
      'vet-findings/Others',
      'vet-findings/X-rays',
    ]);
    await t.app.db.deleteFrom('document').where('pet_id', '=', t.pet.id).execute();
  });

  it("refuses the old 'Other Findings' and a type the named area lacks, storing nothing", async () => {
    for (const body of [
      { document_type: 'Other Findings' },
      { document_type: 'X-rays', area: 'document-safe' },
      { document_type: 'Bills', area: 'vet-findings' },
    ]) {
      const res = await createDocument({ ...body, description: 'x', doc_url: await uploadedDocUrl() });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(apiErrorBodySchema.parse(res.json()), JSON.stringify(body)).toMatchObject({
        key: 'Document_Type_Error',
        field: 'document_type',
      });
    }
    const rows = await t.app.db.selectFrom('document').select('id').where('pet_id', '=', t.pet.id).execute();
    expect(rows).toHaveLength(0);
  });

  it("migrates stored 'Other Findings' rows to 'Others' in the vet findings", async () => {
    // Back to the table before the area existed (this migration's own down), with rows as the old
    // code wrote them; then its up, as a database that ran the earlier migrations meets it.
    await documentArea.down(t.app.db as unknown as Kysely<unknown>);
    const now = new Date().toISOString();
    const oldRows = [
      ['old-vet-other', 'Other Findings'],
      ['old-safe-other', 'Others'],
      ['old-xray', 'X-rays'],
      ['old-bill', 'Bills'],
    ] as const;
    for (const [id, documentType] of oldRows) {
      await t.app.db
        .insertInto('document')
        // No area: the table before this migration has none.
        .values({
          id,
          user_id: t.owner.id,
          pet_id: t.pet.id,
          document_type: documentType,
          description: id,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    await documentArea.up(t.app.db as unknown as Kysely<unknown>);

    const migrated = await t.app.db
      .selectFrom('document')
      .select(['id', 'document_type', 'area'])
      .where('pet_id', '=', t.pet.id)
      .orderBy('id')
      .execute();
    expect(migrated).toEqual([
      { id: 'old-bill', document_type: 'Bills', area: 'document-safe' },
      { id: 'old-safe-other', document_type: 'Others', area: 'document-safe' },
      { id: 'old-vet-other', document_type: 'Others', area: 'vet-findings' },
      { id: 'old-xray', document_type: 'X-rays', area: 'vet-findings' },
    ]);
    await t.app.db.deleteFrom('document').where('pet_id', '=', t.pet.id).execute();
  });
});
