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

// Finding, listing and deleting a pet's records: the shared helpers of ../pets/pet-access.ts.

/** A record of the pet: stored under its owner, written by `createdBy`. */
export async function insertRecord(
  trx: Transaction<Database>,
  who: { ownerId: string; createdBy: string },
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
      user_id: who.ownerId,
      created_by: who.createdBy,
      medical_type: medicalType,
      ...values,
      job_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Updates a record (after the caller's access to it and its kind were checked). */
export async function updateRecord(db: Db, medId: string, values: MedicalValues): Promise<void> {
  await db
    .updateTable('medical_record')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', medId)
    .execute();
}
