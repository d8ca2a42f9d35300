import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from './helpers.ts';
import { v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

/** Uploads one PDF for the pet and answers its doc_url. */
async function uploaded(petId: string): Promise<string[]> {
  const res = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${petId}`,
    [{ name: 'notice.pdf', type: 'application/pdf', data: fixtures.pdf() }],
    as(t.owner),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().doc_url as string[];
}

const documentsOf = (petId: string) =>
  t.app.db.selectFrom('document').select('id').where('pet_id', '=', petId).execute();

describe(`Dog Tax is a dog's document (issue 14.21, ${testDatabaseKind})`, () => {
  it('refuses a Dog Tax document for a cat with Bad_Request_Text and stores nothing', async () => {
    const cat = await createPet(t.app, t.owner, { name: 'Minka', pet_type: 'Cat' });
    const res = await v1(
      t.app,
      'POST',
      `/v1/document?pet_id=${cat.id}`,
      { document_type: 'Dog Tax', description: 'Steuerbescheid', doc_url: await uploaded(cat.id) },
      as(t.owner),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ key: 'Bad_Request_Text', field: 'document_type' });
    expect(await documentsOf(cat.id)).toHaveLength(0);

    // Other document types stay open to cats.
    const insurance = await v1(
      t.app,
      'POST',
      `/v1/document?pet_id=${cat.id}`,
      { document_type: 'Insurance', description: 'Police', doc_url: await uploaded(cat.id) },
      as(t.owner),
    );
    expect(insurance.statusCode, insurance.body).toBe(201);
  });

  it('keeps Dog Tax for dogs', async () => {
    const res = await v1(
      t.app,
      'POST',
      `/v1/document?pet_id=${t.pet.id}`,
      { document_type: 'Dog Tax', description: 'Steuerbescheid', doc_url: await uploaded(t.pet.id) },
      as(t.owner),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});
