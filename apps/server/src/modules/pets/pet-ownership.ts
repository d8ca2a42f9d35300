import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { PetRow } from './pets.repo.ts';

/**
 * The one home of the owner checks of pets and of the data kept per pet, shared by the pets,
 * contacts, medical and documents modules. Everything is looked up by its id together with the
 * signed-in owner, so another owner's pet or row is simply not found: the same 404 as for an id
 * that does not exist, and nothing about other owners leaks.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The 404 of a pet that is not the owner's (or not there at all). */
export const petNotFound = () => notFound('Pet not found');

function ownedPetQuery(db: Db, userId: string, petId: string) {
  return db.selectFrom('pet').selectAll().where('id', '=', petId).where('user_id', '=', userId);
}

/** The owner's pet, or undefined (for callers to whom a missing pet is not an error). */
export async function findOwnedPet(db: Db, userId: string, petId: string): Promise<PetRow | undefined> {
  return ownedPetQuery(db, userId, petId).executeTakeFirst();
}

/** The owner's pet, or a 404 'Pet not found'. */
export async function requireOwnedPet(db: Db, userId: string, petId: string): Promise<PetRow> {
  const pet = await findOwnedPet(db, userId, petId);
  if (!pet) throw petNotFound();
  return pet;
}

/**
 * The owner check inside the transaction that adds a row to the pet (a contact, a medical record).
 * On PostgreSQL the pet row is held with FOR KEY SHARE until the transaction ends, so a parallel pet
 * delete waits and then cascades the new row too. (SQLite has one writer at a time: no lock needed.)
 */
export async function requireOwnedPetForInsert(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
  petId: string,
): Promise<PetRow> {
  let query = ownedPetQuery(trx, userId, petId);
  if (kind === 'postgres') query = query.forKeyShare();
  const pet = await query.executeTakeFirst();
  if (!pet) throw petNotFound();
  return pet;
}

/**
 * The tables of data kept per pet. Each row carries its pet and its owner, and is only ever read
 * or deleted together with the signed-in owner's id: another owner's row is simply not found.
 */
export type PetDataTable = 'contact' | 'medical_record' | 'document' | 'document_file';
export type PetDataRow<T extends PetDataTable> = Selectable<Database[T]>;

// Kysely cannot type a query on a table chosen by a type parameter, so the queries below run on
// the union of these tables (every one has id, user_id, pet_id, created_at) and the answer is
// cast back to the row type of the table asked for.

/** One row of the owner by its id, or undefined. */
export async function findOwnedRow<T extends PetDataTable>(
  db: Db,
  table: T,
  userId: string,
  id: string,
): Promise<PetDataRow<T> | undefined> {
  const row = await db
    .selectFrom(table as PetDataTable)
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row as PetDataRow<T> | undefined;
}

/** The owner's rows of one pet in the order they were added (or the reverse), ties broken by id. */
export async function listPetRows<T extends PetDataTable>(
  db: Db,
  table: T,
  userId: string,
  petId: string,
  order: 'oldest first' | 'newest first' = 'oldest first',
): Promise<Array<PetDataRow<T>>> {
  const rows = await db
    .selectFrom(table as PetDataTable)
    .selectAll()
    .where('pet_id', '=', petId)
    .where('user_id', '=', userId)
    .orderBy('created_at', order === 'oldest first' ? 'asc' : 'desc')
    .orderBy('id')
    .execute();
  return rows as Array<PetDataRow<T>>;
}

/** Deletes one row of the owner by its id; answers whether there was one. */
export async function deleteOwnedRow(
  db: Db,
  table: PetDataTable,
  userId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
