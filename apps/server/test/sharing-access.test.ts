import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan, type User } from './support/owners.ts';
import { hoursFromNow, revokeShare, shareDirectly } from './support/shares.ts';

/**
 * Issue 35, the server's access half: what each role does with a shared pet through the real
 * routes, where the rows go (the owner's, written by the member), the activity log, the owner's
 * plan limits, the read cache and a share's window end.
 */
let t: TestApp;
let owner: User;
let carer: User;
let coOwner: User;
let viewer: User;
let petId: string;
let otherPetId: string;
let contactId: string;
let ownerDocId: string;
let apptId: string;

const contactBody = { name: 'Dr. Vet', phone: '0301234', contact_type: 'Vet' };
const appointmentBody = {
  appointment_type: 'Examination',
  reason: 'Check',
  appointment_date: '01.01.2099',
  appointment_time: '10:00',
};

async function addDocument(user: User, pet: string, description: string) {
  const upload = await postFiles(
    t.app,
    `/v1/upload/document?file_for=pet&pet_id=${pet}`,
    [{ name: 'a.pdf', data: fixtures.pdf() }],
    as(user),
  );
  if (upload.statusCode >= 300) return upload;
  return v1(
    t.app,
    'POST',
    `/v1/document?pet_id=${pet}`,
    { document_type: 'Bills', description, doc_url: upload.json().doc_url },
    as(user),
  );
}

const activity = () =>
  t.app.db.selectFrom('pet_activity').selectAll().where('pet_id', '=', petId).orderBy('at').execute();

beforeAll(async () => {
  t = await createTestApp();
  [owner, carer, coOwner, viewer] = await Promise.all([
    registeredUser(t.app),
    registeredUser(t.app),
    registeredUser(t.app),
    registeredUser(t.app),
  ]);
  await setPlan(t.app, owner.id, 'premium');
  petId = (await createPet(t.app, owner, { name: 'Bello' })).id;
  otherPetId = (await createPet(t.app, owner, { name: 'Secret' })).id;
  contactId = (await v1(t.app, 'POST', `/v1/contact?pet_id=${petId}`, contactBody, as(owner))).json().id;
  ownerDocId = (await addDocument(owner, petId, 'owner')).json().id;
  apptId = (await v1(t.app, 'POST', `/v1/appointment?pet_id=${petId}`, appointmentBody, as(owner))).json().id;
  await v1(t.app, 'POST', `/v1/appointment?pet_id=${otherPetId}`, appointmentBody, as(owner));
  for (const [member, role] of [
    [carer, 'carer'],
    [coOwner, 'co_owner'],
    [viewer, 'viewer'],
  ] as const) {
    await shareDirectly(t.app, { ownerId: owner.id, memberId: member.id, petId, role });
  }
}, 180_000);
afterAll(async () => t?.close());

describe(`a shared pet, by role (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  it('a carer adds a weight and a document: stored under the owner, written by the carer, logged', async () => {
    const weighed = await v1(
      t.app,
      'POST',
      `/v1/pet/weight?pet_id=${petId}`,
      { weight: 12.5, date: '02.03.2024' },
      as(carer),
    );
    expect(weighed.statusCode, weighed.body).toBe(200);
    const weight = (weighed.json().weights as Array<{ id: string; created_by: string | null }>)[0]!;
    expect(weight.created_by).toBe(carer.id);

    const document = await addDocument(carer, petId, 'from the sitter');
    expect(document.statusCode, document.body).toBe(201);
    const row = await t.app.db
      .selectFrom('document')
      .selectAll()
      .where('id', '=', document.json().id)
      .executeTakeFirstOrThrow();
    expect([row.user_id, row.created_by]).toEqual([owner.id, carer.id]);
    // The answers name the author too, so the web offers a carer their own documents to change.
    expect(document.json().created_by).toBe(carer.id);
    const listed = await v1(t.app, 'GET', `/v1/document/mydocs?pet_id=${petId}`, undefined, as(carer));
    expect(
      (listed.json() as Array<{ id: string; created_by: string | null }>).find((d) => d.id === row.id)
        ?.created_by,
    ).toBe(carer.id);
    const file = await t.app.db
      .selectFrom('document_file')
      .select('user_id')
      .where('document_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(file.user_id).toBe(owner.id);

    const lines = (await activity()).filter((line) => line.actor_id === carer.id);
    expect(lines.map((line) => [line.action, line.subject, line.actor_role, line.label])).toEqual([
      ['created', 'weight', 'carer', '12.5 kg, 02.03.2024'],
      ['created', 'document', 'carer', 'Bills'],
    ]);

    // Own entries: the carer may change and delete them.
    const described = await v1(
      t.app,
      'PUT',
      `/v1/document?doc_id=${row.id}`,
      { description: 'mine' },
      as(carer),
    );
    expect(described.statusCode, described.body).toBe(200);
    // A profile save by the owner keeps the carer's weight the carer's (matched by weight and date).
    const saved = await v1(
      t.app,
      'PUT',
      `/v1/pet?id=${petId}`,
      {
        name: 'Bello',
        weights: [
          { weight: 12.5, date: '02.03.2024' },
          { weight: 11, date: '01.01.2024' },
        ],
      },
      as(owner),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const weights = saved.json().weights as Array<{ id: string; weight: number; created_by: string | null }>;
    expect(weights.map((entry) => [entry.weight, entry.created_by])).toEqual([
      [12.5, carer.id],
      [11, owner.id],
    ]);
    const ownersWeight = weights.find((entry) => entry.weight === 11)!;
    const notMine = await v1(
      t.app,
      'DELETE',
      `/v1/pet/weight?weight_id=${ownersWeight.id}`,
      undefined,
      as(carer),
    );
    expect([notMine.statusCode, notMine.json().key]).toEqual([403, 'Share_Not_Your_Entry_Text']);
    const mine = await v1(
      t.app,
      'DELETE',
      `/v1/pet/weight?weight_id=${weights[0]!.id}`,
      undefined,
      as(carer),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json().weights as unknown[]).length).toBe(1);
  });

  it("a carer may not change others' entries, the contacts or the profile; adds a note to an appointment", async () => {
    const before = await activity();
    const contact = await v1(t.app, 'PUT', `/v1/contact?contact_id=${contactId}`, contactBody, as(carer));
    expect([contact.statusCode, contact.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
    const document = await v1(
      t.app,
      'PUT',
      `/v1/document?doc_id=${ownerDocId}`,
      { description: 'x' },
      as(carer),
    );
    expect([document.statusCode, document.json().key]).toEqual([403, 'Share_Not_Your_Entry_Text']);
    const removed = await v1(t.app, 'DELETE', `/v1/document?doc_id=${ownerDocId}`, undefined, as(carer));
    expect([removed.statusCode, removed.json().key]).toEqual([403, 'Share_Not_Your_Entry_Text']);
    const profile = await v1(t.app, 'PUT', `/v1/pet?id=${petId}`, { name: 'Renamed' }, as(carer));
    expect([profile.statusCode, profile.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
    const moved = await v1(t.app, 'PUT', `/v1/appointment?appt_id=${apptId}`, { reason: 'Other' }, as(carer));
    expect([moved.statusCode, moved.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
    // Nothing refused left a line.
    expect(await activity()).toEqual(before);

    const note = await v1(
      t.app,
      'PUT',
      `/v1/appointment?appt_id=${apptId}`,
      { comments: 'Ate well' },
      as(carer),
    );
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().comments).toBe('Ate well');
    const last = (await activity()).at(-1)!;
    expect([last.actor_id, last.action, last.subject]).toEqual([carer.id, 'updated', 'appointment']);
  });

  it("a co-owner edits everything of the pet but cannot delete it; the owner's other pets stay hidden", async () => {
    const contact = await v1(
      t.app,
      'PUT',
      `/v1/contact?contact_id=${contactId}`,
      { ...contactBody, name: 'Dr. New' },
      as(coOwner),
    );
    expect(contact.statusCode, contact.body).toBe(200);
    const profile = await v1(t.app, 'PUT', `/v1/pet?id=${petId}`, { color: 'brown' }, as(coOwner));
    expect(profile.statusCode, profile.body).toBe(200);
    const added = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${petId}`,
      { name: 'Pollen', medical_type: 'allergy' },
      as(coOwner),
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().user_id).toBe(owner.id);
    const deleted = await v1(t.app, 'DELETE', `/v1/pet?id=${petId}`, undefined, as(coOwner));
    expect([deleted.statusCode, deleted.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
    expect(
      await t.app.db.selectFrom('pet').select('id').where('id', '=', petId).executeTakeFirst(),
    ).toBeDefined();

    const other = await v1(t.app, 'GET', `/v1/pet?pet_id=${otherPetId}`, undefined, as(coOwner));
    expect(other.statusCode).toBe(404);
    // The member's list holds the shared pet's appointments and none of the owner's other pets.
    const list = await v1(t.app, 'GET', '/v1/appointment/myappointments', undefined, as(coOwner));
    expect(list.statusCode).toBe(200);
    const pets = new Set(
      (list.json() as Array<{ appointment_pet_id?: string; pet_id?: string }>).map(
        (item) => item.appointment_pet_id ?? item.pet_id,
      ),
    );
    expect([...pets]).toEqual([petId]);
  });

  it('a viewer reads profile, medical data, documents and appointments, and gets 403 on contacts', async () => {
    for (const url of [
      `/v1/pet?pet_id=${petId}`,
      `/v1/medical/mypetmedicals?pet_id=${petId}`,
      `/v1/document/mydocs?pet_id=${petId}`,
      `/v1/appointment/mypetappointments?pet_id=${petId}`,
    ]) {
      const res = await v1(t.app, 'GET', url, undefined, as(viewer));
      expect(res.statusCode, url).toBe(200);
    }
    const contacts = await v1(t.app, 'GET', `/v1/contact/mycontacts?pet_id=${petId}`, undefined, as(viewer));
    expect([contacts.statusCode, contacts.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
    const weight = await v1(
      t.app,
      'POST',
      `/v1/pet/weight?pet_id=${petId}`,
      { weight: 1, date: '01.01.2024' },
      as(viewer),
    );
    expect([weight.statusCode, weight.json().key]).toEqual([403, 'Share_Role_Forbidden_Text']);
  });

  it("the owner's plan limits apply to what a carer adds", async () => {
    const count = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('document')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', owner.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    await setPlan(t.app, owner.id, 'free');
    // Fill the owner's free plan (5 documents) directly.
    for (let i = await count(); i < 5; i += 1) {
      const now = t.app.clock.now().toISOString();
      await t.app.db
        .insertInto('document')
        .values({
          id: randomUUID(),
          user_id: owner.id,
          created_by: owner.id,
          pet_id: petId,
          document_type: 'Bills',
          area: 'document-safe',
          description: `fill ${i}`,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const before = await activity();
    const refused = await addDocument(carer, petId, 'one too many');
    expect(refused.statusCode, refused.body).toBe(500);
    expect(await count()).toBe(5);
    expect(await activity()).toEqual(before);
    await setPlan(t.app, owner.id, 'premium');
  });

  it('a cached read never outlives the share: the window ends without a write and the next read is 404', async () => {
    const member = await registeredUser(t.app);
    await shareDirectly(t.app, {
      ownerId: owner.id,
      memberId: member.id,
      petId,
      role: 'viewer',
      endsAt: hoursFromNow(t.app, 2 / 3600),
    });
    const url = `/v1/pet?pet_id=${petId}`;
    const first = await v1(t.app, 'GET', url, undefined, as(member));
    expect(first.statusCode).toBe(200);
    // Inside the window and the TTL, with no write: the cached answer.
    const hits = t.app.readCache.hits;
    expect((await v1(t.app, 'GET', url, undefined, as(member))).statusCode).toBe(200);
    expect(t.app.readCache.hits).toBe(hits + 1);
    t.app.clock.advance(2_500);
    const after = await v1(t.app, 'GET', url, undefined, as(member));
    expect(after.statusCode).toBe(404);
  });

  it('a revoked member gets 404 at once', async () => {
    const member = await registeredUser(t.app);
    const shareId = await shareDirectly(t.app, {
      ownerId: owner.id,
      memberId: member.id,
      petId,
      role: 'co_owner',
    });
    expect((await v1(t.app, 'GET', `/v1/pet?pet_id=${petId}`, undefined, as(member))).statusCode).toBe(200);
    await revokeShare(t.app, shareId);
    expect((await v1(t.app, 'GET', `/v1/pet?pet_id=${petId}`, undefined, as(member))).statusCode).toBe(404);
  });
});
