import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { MedicalType } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { MedicalRecordTable } from '../../db/tables/medical.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type MedicalRow = Selectable<MedicalRecordTable>;

/** The columns a request sets: everything but ids, kind, job and timestamps. */
export type MedicalValues = Omit<
  MedicalRecordTable,
  'id' | 'pet_id' | 'user_id' | 'medical_type' | 'job_id' | 'created_at' | 'updated_at' | 'created_by'
>;

// Finding, listing and deleting the owner's records: the shared readers of ../pets/pet-ownership.ts.

export async function insertRecord(
  trx: Transaction<Database>,
  userId: string,
  petId: string,
  medicalType: MedicalType,
  values: MedicalValues,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('medical_record')
    .values({
      id,
      pet_id: petId,
      user_id: userId,
      medical_type: medicalType,
      ...values,
      job_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Updates a record of the given kind only: a record of another kind is not found (its kind never changes). */
export async function updateRecord(
  db: Db,
  userId: string,
  medId: string,
  medicalType: MedicalType,
  values: MedicalValues,
): Promise<boolean> {
  const result = await db
    .updateTable('medical_record')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', medId)
    .where('user_id', '=', userId)
    .where('medical_type', '=', medicalType)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
