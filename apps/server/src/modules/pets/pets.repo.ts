import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { ddMmYyyySortKey, type PetCreateBody, type PetProfile, type WeightEntry } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { PetTable } from '../../db/tables/pets.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type PetRow = Selectable<PetTable>;

// One pet of the owner is looked up by pet-ownership.ts (the owner check every module shares).

export async function listPets(db: Db, userId: string): Promise<PetRow[]> {
  return db
    .selectFrom('pet')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function weightsOf(db: Db, petId: string): Promise<WeightEntry[]> {
  const rows = await db
    .selectFrom('pet_weight')
    .select(['weight', 'date'])
    .where('pet_id', '=', petId)
    .orderBy('date_sort', 'desc')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ weight: Number(row.weight), date: row.date }));
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

/** Replaces the weight history with the given list. */
export async function replaceWeights(
  trx: Transaction<Database>,
  petId: string,
  weights: readonly WeightEntry[],
): Promise<void> {
  await trx.deleteFrom('pet_weight').where('pet_id', '=', petId).execute();
  if (weights.length === 0) return;
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

/** Deletes the pet; its weights and every other row of it go by ON DELETE CASCADE. */
export async function deletePet(trx: Transaction<Database>, userId: string, petId: string): Promise<boolean> {
  const result = await trx
    .deleteFrom('pet')
    .where('id', '=', petId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
