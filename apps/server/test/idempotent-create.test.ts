import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { apiErrorBodySchema, formatDdMmYyyy, LIMIT_ERROR_STATUS, todayAtOffset } from '@pet/contract';
import { testDatabaseKind } from './helpers.ts';
import { type ClientOptions, v1 } from './identity-helpers.ts';
import { as, createPet, removeAllPets, setPlan, setUpOwnerAndStranger } from './support/owners.ts';

/**
 * Issue 40.7: creates honour an Idempotency-Key (http/idempotent-create.ts). A repeated or
 * concurrent request with the same key by the same user within a minute gets the first answer
 * instead of making a second record; another user's same key is another request.
 */
const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

const withKey = (user: { token: string }, key: string): ClientOptions => ({
  ...as(user),
  headers: { 'idempotency-key': key },
});

const inTenDays = () => {
  const day = todayAtOffset(0);
  day.setDate(day.getDate() + 10);
  return formatDdMmYyyy(day);
};

/** One create of each kind: path and body. */
const creates = (petId: string) =>
  [
    ['/v1/pet', { name: `Bello ${randomUUID().slice(0, 8)}`, pet_type: 'Dog' }],
    [`/v1/contact?pet_id=${petId}`, { name: 'Anna Tierlieb', phone: '+49 30 123456', contact_type: 'Vet' }],
    [`/v1/medical/allergy?pet_id=${petId}`, { medical_type: 'allergy', name: 'Pollen' }],
    [
      `/v1/appointment?pet_id=${petId}`,
      {
        appointment_type: 'Vaccination',
        vaccination_type: 'Rabies',
        reason: 'Yearly check',
        appointment_date: inTenDays(),
        appointment_time: '09:30',
        reminder_time_zone: 1,
      },
    ],
  ] as const;

/** How many rows of `table` belong to the owner's pet (or to the owner, for pets). */
async function count(table: Table, userId: string, petId: string) {
  const db = t.app.db;
  const rows =
    table === 'pet'
      ? await db.selectFrom('pet').select('id').where('user_id', '=', userId).execute()
      : await db.selectFrom(table).select('id').where('pet_id', '=', petId).execute();
  return rows.length;
}
type Table = 'pet' | 'contact' | 'medical_record' | 'appointment';
const tableOf = (path: string) =>
  (path.startsWith('/v1/pet')
    ? 'pet'
    : path.startsWith('/v1/contact')
      ? 'contact'
      : path.startsWith('/v1/medical')
        ? 'medical_record'
        : 'appointment') as Table;

describe(`idempotent creates (${testDatabaseKind})`, () => {
  it('answers a repeated create with the first answer (same status and body) and makes one record', async () => {
    for (const [path, body] of creates(t.pet.id)) {
      const key = randomUUID();
      const before = await count(tableOf(path), t.owner.id, t.pet.id);
      const first = await v1(t.app, 'POST', path, body, withKey(t.owner, key));
      expect(first.statusCode, `${path} ${first.body}`).toBe(201);
      const again = await v1(t.app, 'POST', path, body, withKey(t.owner, key));
      expect([again.statusCode, again.body], path).toEqual([201, first.body]);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(await count(tableOf(path), t.owner.id, t.pet.id), path).toBe(before + 1);
      // Without a key, the same request is a new record (nothing changes for other clients).
      const plain = await v1(t.app, 'POST', path, body, as(t.owner));
      expect(plain.statusCode).toBe(201);
      expect(plain.json().id).not.toBe(first.json().id);
      expect(await count(tableOf(path), t.owner.id, t.pet.id), path).toBe(before + 2);
    }
  });

  it('lets exactly one of parallel duplicates create; the others answer what it answered', async () => {
    for (const [path, body] of creates(t.pet.id)) {
      const key = randomUUID();
      const before = await count(tableOf(path), t.owner.id, t.pet.id);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => v1(t.app, 'POST', path, body, withKey(t.owner, key))),
      );
      for (const answer of answers)
        expect([answer.statusCode, answer.body], path).toEqual([201, answers[0]!.body]);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
      expect(await count(tableOf(path), t.owner.id, t.pet.id), path).toBe(before + 1);
    }
  });

  it("never answers another user's request from the same key", async () => {
    const key = randomUUID();
    const mine = await v1(t.app, 'POST', '/v1/pet', { name: 'Mine', pet_type: 'Dog' }, withKey(t.owner, key));
    const theirs = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Mine', pet_type: 'Dog' },
      withKey(t.stranger, key),
    );
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    const strangers = await v1(t.app, 'GET', `/v1/pet?pet_id=${theirs.json().id}`, undefined, as(t.stranger));
    expect(strangers.statusCode).toBe(200);
    await removeAllPets(t.app, t.stranger.id);
  });

  it('refuses a key sent again with another request, and forgets a key after a minute', async () => {
    const key = randomUUID();
    const first = await v1(t.app, 'POST', '/v1/pet', { name: 'Ida', pet_type: 'Cat' }, withKey(t.owner, key));
    expect(first.statusCode).toBe(201);
    const other = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Other', pet_type: 'Cat' },
      withKey(t.owner, key),
    );
    expect(other.statusCode).toBe(400);
    expect(apiErrorBodySchema.parse(other.json())).toMatchObject({
      key: 'Bad_Request_Text',
      field: 'idempotency-key',
    });

    // 59 seconds later it is still the first answer; after the minute it is a new request.
    await advanceSeconds(59);
    const within = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Ida', pet_type: 'Cat' },
      withKey(t.owner, key),
    );
    expect([within.statusCode, within.body]).toEqual([201, first.body]);
    await advanceSeconds(2);
    const later = await v1(t.app, 'POST', '/v1/pet', { name: 'Ida', pet_type: 'Cat' }, withKey(t.owner, key));
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    // The expired row is gone, not piled up.
    const rows = await t.app.db
      .selectFrom('idempotency_key')
      .select('id')
      .where('user_id', '=', t.owner.id)
      .where('idem_key', '=', key)
      .execute();
    expect(rows).toHaveLength(1);
    // The other expired rows (the other tests' keys, the stranger's too) are swept, at most once
    // a window, as keys come in.
    await advanceSeconds(61);
    const next = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Ida', pet_type: 'Cat' },
      withKey(t.owner, randomUUID()),
    );
    expect(next.statusCode).toBe(201);
    const now = (await t.app.inject({ method: 'GET', url: '/dev/clock' })).json<{ now: string }>().now;
    const cutoff = new Date(Date.parse(now) - 60_000).toISOString();
    await expect
      .poll(
        async () =>
          (
            await t.app.db
              .selectFrom('idempotency_key')
              .select('id')
              .where('created_at', '<', cutoff)
              .execute()
          ).length,
      )
      .toBe(0);
  });

  it('keeps no 5xx answer (a plan-limit refusal): the same key runs again once the limit allows it', async () => {
    await removeAllPets(t.app, t.stranger.id);
    await setPlan(t.app, t.stranger.id, 'free');
    await createPet(t.app, t.stranger);
    const key = randomUUID();
    const body = { name: 'Second', pet_type: 'Dog' };
    const refused = await v1(t.app, 'POST', '/v1/pet', body, withKey(t.stranger, key));
    expect(refused.statusCode).toBe(LIMIT_ERROR_STATUS);
    await setPlan(t.app, t.stranger.id, 'premium');
    const created = await v1(t.app, 'POST', '/v1/pet', body, withKey(t.stranger, key));
    expect(created.statusCode, created.body).toBe(201);
    await removeAllPets(t.app, t.stranger.id);
  });

  it('refuses a malformed key with 400 and documents the header on every create in the OpenAPI document', async () => {
    const bad = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'A', pet_type: 'Dog' },
      withKey(t.owner, 'x'.repeat(256)),
    );
    expect(bad.statusCode).toBe(400);
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const withHeader = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withHeader.sort()).toEqual(
      [
        'POST /v1/appointment',
        'POST /v1/contact',
        'POST /v1/document',
        'POST /v1/medical/allergy',
        'POST /v1/medical/disease',
        'POST /v1/medical/intervention',
        'POST /v1/medical/medication',
        'POST /v1/pet',
        'POST /v1/upload/document',
      ].sort(),
    );
  });
});

async function advanceSeconds(seconds: number) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds } });
  expect(res.statusCode, res.body).toBe(200);
}
