import { describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  COMMENTS_MAX_LENGTH,
  fromMedicalListItem,
  MEDICAL_CATEGORIES,
  medicalListResponseSchema,
  medicalRecordSchema,
  type MedicalListItem,
  type MedicalRecord,
  type MedicalType,
} from '@pet/contract';
import { testDatabaseKind } from './helpers.ts';
import { v1 } from './identity-helpers.ts';
import { as, createPet, removeAllPets, setPlan, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium' });

const storedRecords = (userId: string) =>
  t.app.db
    .selectFrom('medical_record')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();

/** Every field of each kind's POST body (pet-data section 7). */
const bodies = {
  allergy: {
    medical_type: 'allergy',
    name: 'Pollen',
    known_since: '01.04.2021',
    still_acute: 'Yes',
    executing_person: 'Dr. Tierlieb',
    comments: 'Sneezes in spring',
    date: '02.04.2021',
  },
  disease: {
    medical_type: 'disease',
    name: 'Otitis',
    known_since: '05.05.2022',
    still_acute: 'No',
    executing_person: 'Dr. Ohr',
    executing_organization: 'Tierklinik Nord',
    comments: 'Left ear',
    date: '06.05.2022',
  },
  intervention: {
    name: 'Chip',
    surgery_type: 'Implant',
    executing_person: 'Dr. Chip',
    executing_organization: 'Praxis Süd',
    comments: 'ISO transponder',
    date: '07.06.2020',
  },
  medication: {
    name: 'Apoquel',
    manufacturer: 'Zoetis',
    still_acute: 'Yes',
    executing_person: 'Dr. Haut',
    executing_organization: 'Hautpraxis',
    prescription: 'Yes',
    in_use: 'No',
    taking_schedule: ['Evenings', 'Mornings'],
    reason: 'Itching',
    dosage: '16 mg',
    pharma_central_number: '12345678',
    comments: 'With food',
    date: '08.07.2023',
    taking_from: '08.07.2023',
    taking_to: '08.08.2023',
  },
} satisfies Record<MedicalType, Record<string, unknown>>;

/** Each kind's fields edited (PUT bodies carry no medical_type). */
const edits = {
  allergy: {
    name: 'Grass',
    known_since: '01.05.2021',
    still_acute: 'No',
    executing_person: 'Dr. B',
    comments: 'Better',
    date: '03.05.2021',
  },
  disease: {
    name: 'Otitis externa',
    known_since: '06.05.2022',
    still_acute: 'Yes',
    executing_person: 'Dr. C',
    executing_organization: 'Klinik Ost',
    comments: 'Both ears',
    date: '07.05.2022',
  },
  intervention: {
    name: 'Spay',
    surgery_type: 'Surgery',
    executing_person: 'Dr. D',
    executing_organization: 'Klinik West',
    comments: 'Went well',
    date: '09.09.2020',
  },
  medication: {
    name: 'Cytopoint',
    manufacturer: 'Zoetis GmbH',
    still_acute: 'No',
    executing_person: 'Dr. E',
    executing_organization: 'Praxis E',
    prescription: 'No',
    in_use: 'Yes',
    taking_schedule: ['Noons'],
    reason: 'Allergy',
    dosage: '1 ml',
    pharma_central_number: '87654321',
    comments: 'Monthly',
    date: '10.10.2023',
    taking_from: '10.10.2023',
    taking_to: '10.12.2023',
  },
} satisfies Record<MedicalType, Record<string, unknown>>;

const KINDS = MEDICAL_CATEGORIES.map((c) => c.medicalType);
const ALL_FIELDS = [
  'date',
  'known_since',
  'still_acute',
  'executing_person',
  'executing_organization',
  'comments',
  'surgery_type',
  'manufacturer',
  'prescription',
  'in_use',
  'taking_schedule',
  'reason',
  'dosage',
  'taking_from',
  'taking_to',
  'pharma_central_number',
] as const;

/** What the record of `kind` must hold after `body`: its fields as sent, every other field null. */
function expected(kind: MedicalType, body: Record<string, unknown>) {
  const fields = Object.fromEntries(ALL_FIELDS.map((field) => [field, body[field] ?? null]));
  if (kind === 'medication' && Array.isArray(body.taking_schedule)) {
    fields.taking_schedule = ['Mornings', 'Noons', 'Evenings'].filter((v) =>
      (body.taking_schedule as string[]).includes(v),
    );
  }
  return { ...fields, name: body.name, medical_type: kind, job_id: null };
}

async function addRecord(
  user: { token: string },
  petId: string,
  kind: MedicalType,
  body: Record<string, unknown> = bodies[kind],
) {
  const res = await v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=${petId}`, body, as(user));
  expect(res.statusCode, res.body).toBe(201);
  return medicalRecordSchema.parse(res.json());
}

async function listRecords(user: { token: string }, petId: string): Promise<MedicalListItem[]> {
  const res = await v1(t.app, 'GET', `/v1/medical/mypetmedicals?pet_id=${petId}`, undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return medicalListResponseSchema.parse(res.json());
}

describe(`medical records (${testDatabaseKind})`, () => {
  it('answers 401 to every medical call when signed out', async () => {
    const responses = await Promise.all([
      v1(t.app, 'GET', '/v1/medical/mypetmedicals?pet_id=x'),
      ...KINDS.map((kind) => v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=x`, bodies[kind])),
      ...KINDS.map((kind) => v1(t.app, 'PUT', `/v1/medical/${kind}?med_id=x`, edits[kind])),
      v1(t.app, 'DELETE', '/v1/medical?med_id=x'),
    ]);
    expect(responses).toHaveLength(10);
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(apiErrorBodySchema.parse(res.json()).key).toBe('Session_Expired_Text');
    }
  });

  it('adds a record of every kind with every field and lists them all with the prefixed names', async () => {
    const pet = await createPet(t.app, t.owner);
    const added: MedicalRecord[] = [];
    for (const kind of KINDS) {
      const record = await addRecord(t.owner, pet.id, kind);
      expect(record).toMatchObject({ ...expected(kind, bodies[kind]), pet_id: pet.id, user_id: t.owner.id });
      added.push(record);
    }

    const list = await listRecords(t.owner, pet.id);
    expect(list).toHaveLength(4);
    for (const [i, kind] of KINDS.entries()) {
      const { name, date, medical_type, ...rest } = added[i]!;
      const item = list.find((entry) => entry.id === rest.id)!;
      expect(item).toEqual({
        ...rest,
        medical_name: name,
        medical_date: date,
        medical_medical_type: medical_type,
      });
      expect(item.medical_medical_type).toBe(kind);
      expect(item.medical_name).toBe(bodies[kind].name);
      expect(item.medical_date).toBe(bodies[kind].date);
      expect(item).not.toHaveProperty('name');
      expect(item).not.toHaveProperty('date');
      expect(item).not.toHaveProperty('medical_type');
    }
    // Every response field of section 7 is there (also those a kind does not have, as null).
    const RESPONSE_FIELDS =
      'id comments created_at date dosage executing_organization executing_person in_use job_id known_since manufacturer medical_type name pet_id pharma_central_number prescription reason still_acute surgery_type taking_from taking_schedule taking_to user_id';
    for (const item of list) {
      const names = Object.keys(fromMedicalListItem(item)).sort();
      expect(names).toEqual(RESPONSE_FIELDS.split(' ').sort());
    }
    await removeAllPets(t.app, t.owner.id);
  });

  it("stores only the kind's own fields, blanks as null, and medical_type only when it matches the path", async () => {
    const pet = await createPet(t.app, t.owner);
    const allergy = await addRecord(t.owner, pet.id, 'allergy', {
      name: '  Flea saliva ',
      surgery_type: 'Implant',
      dosage: '5 mg',
      taking_schedule: ['Noons'],
      executing_person: '   ',
      comments: '',
    });
    expect(allergy).toMatchObject({
      name: 'Flea saliva',
      medical_type: 'allergy',
      surgery_type: null,
      dosage: null,
    });
    expect(allergy).toMatchObject({
      taking_schedule: null,
      executing_person: null,
      comments: null,
      date: null,
    });

    const medication = await addRecord(t.owner, pet.id, 'medication', {
      name: 'X',
      taking_schedule: ['Noons', 'Noons'],
      known_since: '01.01.2020',
    });
    expect(medication).toMatchObject({ taking_schedule: ['Noons'], known_since: null });
    const none = await addRecord(t.owner, pet.id, 'medication', { name: 'Y', taking_schedule: [] });
    expect(none.taking_schedule).toBeNull();

    const wrongKind = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      { ...bodies.allergy, medical_type: 'disease' },
      as(t.owner),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().field).toBe('medical_type');
    expect(await storedRecords(t.owner.id)).toHaveLength(3);
    await removeAllPets(t.app, t.owner.id);
  });

  it('edits every field of each kind; a record keeps its kind on the wrong path', async () => {
    const pet = await createPet(t.app, t.owner);
    for (const kind of KINDS) {
      const record = await addRecord(t.owner, pet.id, kind);
      const res = await v1(t.app, 'PUT', `/v1/medical/${kind}?med_id=${record.id}`, edits[kind], as(t.owner));
      expect(res.statusCode, res.body).toBe(200);
      const saved = medicalRecordSchema.parse(res.json());
      expect(saved).toEqual({
        ...expected(kind, edits[kind]),
        id: record.id,
        pet_id: pet.id,
        user_id: t.owner.id,
        created_at: record.created_at,
      });

      // Through another kind's path the record is not found and stays as it is.
      for (const other of KINDS.filter((k) => k !== kind)) {
        const wrong = await v1(
          t.app,
          'PUT',
          `/v1/medical/${other}?med_id=${record.id}`,
          edits[other],
          as(t.owner),
        );
        expect(wrong.statusCode).toBe(404);
        expect(wrong.json().key).toBe('Not_Found_Text');
      }
      const listed = (await listRecords(t.owner, pet.id)).find((item) => item.id === record.id);
      expect(listed?.medical_medical_type).toBe(kind);
      expect(listed?.medical_name).toBe(edits[kind].name);
    }

    // PUT keeps the fields left out; null clears one (issue 14).
    const first = (await listRecords(t.owner, pet.id)).find(
      (item) => item.medical_medical_type === 'allergy',
    );
    const renamed = await v1(
      t.app,
      'PUT',
      `/v1/medical/allergy?med_id=${first!.id}`,
      { name: 'Only name' },
      as(t.owner),
    );
    expect(renamed.json()).toMatchObject({
      name: 'Only name',
      known_since: edits.allergy.known_since,
      still_acute: edits.allergy.still_acute,
      comments: edits.allergy.comments,
      date: edits.allergy.date,
    });
    const cleared = await v1(
      t.app,
      'PUT',
      `/v1/medical/allergy?med_id=${first!.id}`,
      { known_since: null, still_acute: null, comments: null, date: null },
      as(t.owner),
    );
    expect(cleared.json()).toMatchObject({
      name: 'Only name',
      known_since: null,
      still_acute: null,
      comments: null,
      date: null,
    });
    await removeAllPets(t.app, t.owner.id);
  });

  it('deletes a record of any kind and only that one', async () => {
    const pet = await createPet(t.app, t.owner);
    const records = [];
    for (const kind of KINDS) records.push(await addRecord(t.owner, pet.id, kind));
    const [gone, ...kept] = records.reverse();
    const res = await v1(t.app, 'DELETE', `/v1/medical?med_id=${gone!.id}`, undefined, as(t.owner));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Medical record deleted' });
    expect((await listRecords(t.owner, pet.id)).map((item) => item.id).sort()).toEqual(
      kept.map((r) => r.id).sort(),
    );
    expect(
      (await v1(t.app, 'DELETE', `/v1/medical?med_id=${gone!.id}`, undefined, as(t.owner))).statusCode,
    ).toBe(404);
    expect(
      (await v1(t.app, 'PUT', `/v1/medical/medication?med_id=${gone!.id}`, edits.medication, as(t.owner)))
        .statusCode,
    ).toBe(404);
    await removeAllPets(t.app, t.owner.id);
  });

  it("answers 404 for another owner's pet or record on every call and changes nothing", async () => {
    const pet = await createPet(t.app, t.owner);
    const records: MedicalRecord[] = [];
    for (const kind of KINDS) records.push(await addRecord(t.owner, pet.id, kind));
    const before = await listRecords(t.owner, pet.id);
    const responses = await Promise.all([
      v1(t.app, 'GET', `/v1/medical/mypetmedicals?pet_id=${pet.id}`, undefined, as(t.stranger)),
      ...KINDS.map((kind) =>
        v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=${pet.id}`, bodies[kind], as(t.stranger)),
      ),
      ...KINDS.map((kind, i) =>
        v1(t.app, 'PUT', `/v1/medical/${kind}?med_id=${records[i]!.id}`, edits[kind], as(t.stranger)),
      ),
      ...records.map((record) =>
        v1(t.app, 'DELETE', `/v1/medical?med_id=${record.id}`, undefined, as(t.stranger)),
      ),
      // Unknown ids look the same.
      v1(t.app, 'GET', '/v1/medical/mypetmedicals?pet_id=no-such-pet', undefined, as(t.stranger)),
      v1(t.app, 'POST', '/v1/medical/allergy?pet_id=no-such-pet', bodies.allergy, as(t.stranger)),
      v1(t.app, 'PUT', '/v1/medical/allergy?med_id=no-such-record', edits.allergy, as(t.stranger)),
      v1(t.app, 'DELETE', '/v1/medical?med_id=no-such-record', undefined, as(t.stranger)),
    ]);
    expect(responses).toHaveLength(17);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(404);
      expect(apiErrorBodySchema.parse(res.json()).key).toBe('Not_Found_Text');
    }
    expect(await listRecords(t.owner, pet.id)).toEqual(before);
    expect(await storedRecords(t.stranger.id)).toEqual([]);

    // Also on the free plan, another owner's pet is 404 (not the plan message).
    await setPlan(t.app, t.stranger.id, 'free');
    const free = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      bodies.allergy,
      as(t.stranger),
    );
    expect(free.statusCode).toBe(404);
    await setPlan(t.app, t.stranger.id, 'premium');
    await removeAllPets(t.app, t.owner.id);
  });

  const longComment = 'x'.repeat(COMMENTS_MAX_LENGTH + 1);
  const invalid: Array<[MedicalType, Record<string, unknown>, string, string]> = [
    ['allergy', { name: '  ' }, 'name', 'Name_Error'],
    ['disease', { name: undefined }, 'name', 'Name_Error'],
    ['intervention', { name: '' }, 'name', 'Name_Error'],
    ['medication', { name: '   ' }, 'name', 'Name_Error'],
    ['allergy', { comments: longComment }, 'comments', 'Comments_Length_Error'],
    ['disease', { comments: longComment }, 'comments', 'Comments_Length_Error'],
    ['intervention', { comments: longComment }, 'comments', 'Comments_Length_Error'],
    ['medication', { comments: longComment }, 'comments', 'Comments_Length_Error'],
    ['allergy', { date: '2021-04-02' }, 'date', 'Date_Format_Error'],
    ['allergy', { known_since: '31.02.2021' }, 'known_since', 'Date_Format_Error'],
    ['disease', { known_since: '1.1.2021' }, 'known_since', 'Date_Format_Error'],
    ['intervention', { date: '32.01.2020' }, 'date', 'Date_Format_Error'],
    ['medication', { taking_from: '00.01.2023' }, 'taking_from', 'Date_Format_Error'],
    ['medication', { taking_to: 'tomorrow' }, 'taking_to', 'Date_Format_Error'],
    ['allergy', { still_acute: 'Maybe' }, 'still_acute', 'Bad_Request_Text'],
    ['intervention', { surgery_type: 'Laser' }, 'surgery_type', 'Bad_Request_Text'],
    ['medication', { prescription: 'yes' }, 'prescription', 'Bad_Request_Text'],
    ['medication', { in_use: true }, 'in_use', 'Bad_Request_Text'],
    ['medication', { taking_schedule: ['Nights'] }, 'taking_schedule.0', 'Bad_Request_Text'],
    ['medication', { taking_schedule: 'Mornings' }, 'taking_schedule', 'Bad_Request_Text'],
  ];

  it.each(invalid)(
    'refuses a new %s with %j with its key and stores nothing',
    async (kind, patch, field, key) => {
      const pet = await createPet(t.app, t.owner);
      const res = await v1(
        t.app,
        'POST',
        `/v1/medical/${kind}?pet_id=${pet.id}`,
        { ...bodies[kind], ...patch },
        as(t.owner),
      );
      expect(res.statusCode).toBe(400);
      const error = apiErrorBodySchema.parse(res.json());
      expect(error.fields?.[field]).toBe(key);
      expect(await storedRecords(t.owner.id)).toEqual([]);
      await removeAllPets(t.app, t.owner.id);
    },
  );

  // On an edit a field left out keeps its value (issue 14), so only values actually sent are refused.
  it.each(invalid.filter(([, patch]) => Object.values(patch).every((value) => value !== undefined)))(
    'refuses an edit of a %s with %j with its key and changes nothing',
    async (kind, patch, field, key) => {
      const pet = await createPet(t.app, t.owner);
      await addRecord(t.owner, pet.id, kind);
      const before = await storedRecords(t.owner.id);
      const res = await v1(
        t.app,
        'PUT',
        `/v1/medical/${kind}?med_id=${before[0]!.id}`,
        { ...edits[kind], ...patch },
        as(t.owner),
      );
      expect(res.statusCode).toBe(400);
      expect(apiErrorBodySchema.parse(res.json()).fields?.[field]).toBe(key);
      expect(await storedRecords(t.owner.id)).toEqual(before);
      await removeAllPets(t.app, t.owner.id);
    },
  );

  it('accepts comments of exactly 100 characters (after trimming)', async () => {
    const pet = await createPet(t.app, t.owner);
    const comments = `  ${'y'.repeat(COMMENTS_MAX_LENGTH)}  `;
    const record = await addRecord(t.owner, pet.id, 'disease', { ...bodies.disease, comments });
    expect(record.comments).toBe('y'.repeat(COMMENTS_MAX_LENGTH));
    await removeAllPets(t.app, t.owner.id);
  });

  it('refuses adding on a plan without medical, also in parallel, but keeps edit and delete', async () => {
    const pet = await createPet(t.app, t.owner);
    const kept = await addRecord(t.owner, pet.id, 'allergy');
    const doomed = await addRecord(t.owner, pet.id, 'medication');
    await setPlan(t.app, t.owner.id, 'free');
    try {
      const refused = await Promise.all(
        [...KINDS, ...KINDS, ...KINDS].map((kind) =>
          v1(t.app, 'POST', `/v1/medical/${kind}?pet_id=${pet.id}`, bodies[kind], as(t.owner)),
        ),
      );
      for (const res of refused) {
        expect(res.statusCode).toBe(500);
        expect(apiErrorBodySchema.parse(res.json()).key).toBe('Medical_Not_Allowed_Text');
      }
      expect((await storedRecords(t.owner.id)).map((r) => r.id).sort()).toEqual([kept.id, doomed.id].sort());

      // A downgraded owner keeps control of the data stored before.
      const edit = await v1(
        t.app,
        'PUT',
        `/v1/medical/allergy?med_id=${kept.id}`,
        edits.allergy,
        as(t.owner),
      );
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().name).toBe(edits.allergy.name);
      const del = await v1(t.app, 'DELETE', `/v1/medical?med_id=${doomed.id}`, undefined, as(t.owner));
      expect(del.statusCode).toBe(200);
      expect((await listRecords(t.owner, pet.id)).map((item) => item.id)).toEqual([kept.id]);
    } finally {
      await setPlan(t.app, t.owner.id, 'premium');
    }
    // The basic plan allows medical data too.
    await setPlan(t.app, t.owner.id, 'basic');
    await addRecord(t.owner, pet.id, 'disease');
    await setPlan(t.app, t.owner.id, 'premium');
    await removeAllPets(t.app, t.owner.id);
  });

  it("deleting the pet removes its records of every kind and leaves the other pet's", async () => {
    const pet = await createPet(t.app, t.owner);
    const other = await createPet(t.app, t.owner, { name: 'Other' });
    for (const kind of KINDS) await addRecord(t.owner, pet.id, kind);
    const kept = await addRecord(t.owner, other.id, 'allergy');

    const res = await v1(t.app, 'DELETE', `/v1/pet?id=${pet.id}`, undefined, as(t.owner));
    expect(res.statusCode).toBe(200);
    expect(
      await t.app.db.selectFrom('medical_record').select('id').where('pet_id', '=', pet.id).execute(),
    ).toEqual([]);
    expect(
      (await v1(t.app, 'GET', `/v1/medical/mypetmedicals?pet_id=${pet.id}`, undefined, as(t.owner)))
        .statusCode,
    ).toBe(404);
    expect((await listRecords(t.owner, other.id)).map((item) => item.id)).toEqual([kept.id]);
    await removeAllPets(t.app, t.owner.id);
  });

  it('documents the medical calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const kind of KINDS)
      expect(Object.keys(doc.paths[`/v1/medical/${kind}`] ?? {}).sort()).toEqual(['post', 'put']);
    expect(Object.keys(doc.paths['/v1/medical'] ?? {})).toEqual(['delete']);
    expect(Object.keys(doc.paths['/v1/medical/mypetmedicals'] ?? {})).toEqual(['get']);
  });
});
