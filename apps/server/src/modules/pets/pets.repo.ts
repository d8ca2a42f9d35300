import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ddMmYyyySortKey, type PetCreateBody, type PetProfile, type WeightEntry } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { PetTable } from '../../db/tables/pets.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PetRow = Selectable<PetTable>;

// One pet is looked up through pet-access.ts (owner or active share: the one access rule).

export async function listPets(db: Db, userId: string): Promise<PetRow[]> {
  return db
    .selectFrom('pet')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type StoredWeight = WeightEntry & { id: string; created_by: string | null };

export async function weightsOf(db: Db, petId: string): Promise<StoredWeight[]> {
  const rows = await db
    .selectFrom('pet_weight')
    .select(['id', 'weight', 'date', 'created_by'])
    .where('pet_id', '=', petId)
    .orderBy('date_sort', 'desc')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ ...row, weight: Number(row.weight) }));
}

/** One weight by its id, with its pet (the caller's access to the pet is checked after). */
export async function findWeight(db: Db, weightId: string) {
  return db.selectFrom('pet_weight').selectAll().where('id', '=', weightId).executeTakeFirst();
}

/** Adds one weight after the stored ones of its date. */
export async function insertWeight(
  trx: Transaction<Database>,
  petId: string,
  entry: WeightEntry,
  createdBy: string,
): Promise<string> {
  const { last } = await trx
    .selectFrom('pet_weight')
    .select((eb) => eb.fn.max('position').as('last'))
    .where('pet_id', '=', petId)
    .executeTakeFirstOrThrow();
  const id = randomUUID();
  await trx
    .insertInto('pet_weight')
    .values({
      id,
      pet_id: petId,
      weight: entry.weight,
      date: entry.date,
      date_sort: String(ddMmYyyySortKey(entry.date)),
      position: last === null ? 0 : Number(last) + 1,
      created_by: createdBy,
    })
    .execute();
  return id;
}

export async function deleteWeight(trx: Transaction<Database>, weightId: string): Promise<void> {
  await trx.deleteFrom('pet_weight').where('id', '=', weightId).execute();
}

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

export async function insertPet(
  trx: Transaction<Database>,
  userId: string,
  body: PetCreateBody,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('pet')
    .values({
      id,
      user_id: userId,
      name: body.name.trim(),
      pet_type: body.pet_type,
      gender: body.gender ?? null,
      race: blank(body.race),
      date_of_birth: blank(body.date_of_birth),
      size: null,
      color: null,
      features: null,
      labeling: null,
      ancestry: null,
      image_key: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function updatePet(trx: Transaction<Database>, petId: string, body: PetProfile): Promise<void> {
  await trx
    .updateTable('pet')
    .set({
      name: body.name.trim(),
      pet_type: body.pet_type,
      gender: body.gender ?? null,
      race: blank(body.race),
      date_of_birth: blank(body.date_of_birth),
      size: blank(body.size),
      color: blank(body.color),
      features: blank(body.features),
      labeling: blank(body.labeling),
      ancestry: blank(body.ancestry),
      updated_at: nowIso(),
    })
    .where('id', '=', petId)
    .execute();
}

/**
 * Replaces the weight history with the given list. An entry equal (weight and date) to a stored one
 * keeps that one's author, so a carer's weight stays theirs when someone saves the profile; a new
 * one is `actorId`'s.
 */
export async function replaceWeights(
  trx: Transaction<Database>,
  petId: string,
  weights: readonly WeightEntry[],
  actorId: string,
): Promise<void> {
  const stored = await trx
    .selectFrom('pet_weight')
    .select(['weight', 'date', 'created_by'])
    .where('pet_id', '=', petId)
    .orderBy('position')
    .execute();
  await trx.deleteFrom('pet_weight').where('pet_id', '=', petId).execute();
  if (weights.length === 0) return;
  const authorOf = (entry: WeightEntry): string | null => {
    const index = stored.findIndex((row) => Number(row.weight) === entry.weight && row.date === entry.date);
    if (index < 0) return actorId;
    return stored.splice(index, 1)[0]!.created_by;
  };
  await trx
    .insertInto('pet_weight')
    .values(
      weights.map((entry, position) => ({
        id: randomUUID(),
        pet_id: petId,
        weight: entry.weight,
        date: entry.date,
        date_sort: String(ddMmYyyySortKey(entry.date)),
        position,
        created_by: authorOf(entry),
      })),
    )
    .execute();
}

export async function setPetImage(db: Db, petId: string, imageKey: string | null): Promise<void> {
  await db
    .updateTable('pet')
    .set({ image_key: imageKey, updated_at: nowIso() })
    .where('id', '=', petId)
    .execute();
}

/** Deletes the pet (after the owner-only check); every row of it goes by ON DELETE CASCADE. */
export async function deletePet(trx: Transaction<Database>, petId: string): Promise<boolean> {
  const result = await trx.deleteFrom('pet').where('id', '=', petId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
