import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UNLIMITED_DOCUMENTS } from '@pet/contract';
import { testDatabaseKind } from './helpers.ts';
import { registeredUser } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import {
  as,
  fileDocument,
  createPet,
  postFiles,
  setPlan,
  setUpOwnerAndStranger,
  type User,
} from './support/owners.ts';

/**
 * Issue 14.20: a plan configured with 100 documents holds 100 (it is only shown as unlimited);
 * unlimited is its own configuration value.
 */
const t = setUpOwnerAndStranger();

async function addDocument(user: User, petId: string, description: string) {
  const up = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${petId}`,
    [{ name: `${description}.pdf`, data: fixtures.pdf() }],
    as(user),
  );
  if (up.statusCode !== 201) return up;
  return fileDocument(t.app, user, petId, {
    document_type: 'Others',
    description,
    doc_url: up.json().doc_url,
  });
}

/** Brings the user to `count` documents: one through the API, the rest copies of its row. */
async function fillTo(user: User, petId: string, count: number) {
  const first = await addDocument(user, petId, 'first');
  expect(first.statusCode, first.body).toBe(201);
  const row = await t.app.db
    .selectFrom('document')
    .selectAll()
    .where('id', '=', first.json().id)
    .executeTakeFirstOrThrow();
  const copies = Array.from({ length: count - 1 }, () => ({ ...row, id: randomUUID() }));
  await t.app.db.insertInto('document').values(copies).execute();
}

const countOf = async (userId: string) =>
  (await t.app.db.selectFrom('document').select('id').where('user_id', '=', userId).execute()).length;

describe(`documents limit of 100 and unlimited (${testDatabaseKind})`, () => {
  it('seeds the paid plans as a real cap of 100 and as unlimited', async () => {
    const plans = await t.app.db
      .selectFrom('product')
      .select(['plan_key', 'documents_limit'])
      .where('partner_id', '=', 'primepet')
      .execute();
    const limits = Object.fromEntries(plans.map((p) => [p.plan_key, p.documents_limit]));
    expect(limits).toMatchObject({ free: 5, basic: 100, premium: UNLIMITED_DOCUMENTS });
  });

  it('a plan with 100 creates exactly 100 under parallel requests at the edge and refuses the 101st', async () => {
    const user = await registeredUser(t.app);
    await setPlan(t.app, user.id, 'basic');
    const pet = await createPet(t.app, user);
    await fillTo(user, pet.id, 97);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addDocument(user, pet.id, `edge-${i}`)),
    );
    expect(attempts.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of attempts.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(500);
      expect(refused.json().key).toBe('Basic_Document_Limit_Reached_Message');
    }
    expect(await countOf(user.id)).toBe(100);
    const next = await addDocument(user, pet.id, 'one-more');
    expect(next.statusCode).toBe(500);
    expect(next.json().key).toBe('Basic_Document_Limit_Reached_Message');
    expect(await countOf(user.id)).toBe(100);
  });

  it('an unlimited plan goes past 100', async () => {
    const user = await registeredUser(t.app);
    await setPlan(t.app, user.id, 'premium');
    const pet = await createPet(t.app, user);
    await fillTo(user, pet.id, 150);
    const next = await addDocument(user, pet.id, 'beyond');
    expect(next.statusCode, next.body).toBe(201);
    expect(await countOf(user.id)).toBe(151);
  });
});
