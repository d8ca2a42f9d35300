import type { Kysely } from 'kysely';
import {
  MEDICAL_CATEGORIES,
  mergeSentFields,
  TAKING_SCHEDULE,
  toMedicalListItem,
  type MedicalListItem,
  type MedicalRecord,
  type MedicalType,
  type TakingSchedule,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import { assertMedicalAllowed } from '../plans/plan-limits.ts';
import { deletePetRow, listPetRows, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './medical.repo.ts';

export interface MedicalServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  access: PetAccessPolicy;
}

const recordNotFound = () => notFound('Medical record not found');

type MedicalField = Exclude<
  keyof MedicalRecord,
  'id' | 'pet_id' | 'user_id' | 'job_id' | 'created_at' | 'medical_type' | 'name'
>;

/**
 * Any kind's body (create or update) after the contract's schema: it carries only that kind's
 * fields (the schema strips the rest); medical_type of a create body is ignored, the path decides.
 */
export type MedicalInput = { name: string } & Partial<Pick<MedicalRecord, MedicalField>>;

/** The fields each kind has: exactly those of its update body (pet-data section 7). */
const FIELDS_OF = new Map<MedicalType, ReadonlySet<string>>(
  MEDICAL_CATEGORIES.map((category) => [
    category.medicalType,
    new Set(Object.keys(category.updateBody.shape)),
  ]),
);

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** Stored as JSON text in the canonical order without duplicates; no choice is null. */
function scheduleToDb(schedule: readonly TakingSchedule[] | null | undefined): string | null {
  const chosen = TAKING_SCHEDULE.filter((entry) => schedule?.includes(entry));
  return chosen.length > 0 ? JSON.stringify(chosen) : null;
}

function scheduleFromDb(text: string | null): TakingSchedule[] | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? TAKING_SCHEDULE.filter((entry) => parsed.includes(entry)) : null;
  } catch {
    return null;
  }
}

function toRecord(row: repo.MedicalRow): MedicalRecord {
  return {
    id: row.id,
    pet_id: row.pet_id,
    user_id: row.user_id,
    job_id: row.job_id,
    created_at: row.created_at,
    medical_type: row.medical_type as MedicalType,
    name: row.name,
    date: row.date,
    known_since: row.known_since,
    still_acute: row.still_acute as MedicalRecord['still_acute'],
    executing_person: row.executing_person,
    executing_organization: row.executing_organization,
    comments: row.comments,
    surgery_type: row.surgery_type as MedicalRecord['surgery_type'],
    manufacturer: row.manufacturer,
    prescription: row.prescription as MedicalRecord['prescription'],
    in_use: row.in_use as MedicalRecord['in_use'],
    taking_schedule: scheduleFromDb(row.taking_schedule),
    reason: row.reason,
    dosage: row.dosage,
    taking_from: row.taking_from,
    taking_to: row.taking_to,
    pharma_central_number: row.pharma_central_number,
  };
}

/**
 * The columns of a kind's body: its own fields as sent ('' and missing become null, so PUT replaces
 * every field of the kind), every field the kind does not have null.
 */
export function medicalValues(medicalType: MedicalType, body: MedicalInput): repo.MedicalValues {
  const fields = FIELDS_OF.get(medicalType) ?? new Set<string>();
  const text = (field: Exclude<MedicalField, 'taking_schedule'>) =>
    fields.has(field) ? blank(body[field]) : null;
  return {
    name: body.name.trim(),
    date: text('date'),
    known_since: text('known_since'),
    still_acute: text('still_acute'),
    executing_person: text('executing_person'),
    executing_organization: text('executing_organization'),
    comments: text('comments'),
    surgery_type: text('surgery_type'),
    manufacturer: text('manufacturer'),
    prescription: text('prescription'),
    in_use: text('in_use'),
    taking_schedule: fields.has('taking_schedule') ? scheduleToDb(body.taking_schedule) : null,
    reason: text('reason'),
    dosage: text('dosage'),
    taking_from: text('taking_from'),
    taking_to: text('taking_to'),
    pharma_central_number: text('pharma_central_number'),
  };
}

export class MedicalService {
  constructor(private readonly deps: MedicalServiceDeps) {}

  private async recordById(medId: string): Promise<MedicalRecord> {
    const row = await this.deps.db
      .selectFrom('medical_record')
      .selectAll()
      .where('id', '=', medId)
      .executeTakeFirst();
    if (!row) throw recordNotFound();
    return toRecord(row);
  }

  /** Every kind at once, with the list answer's medical_-prefixed names. */
  async list(userId: string, petId: string): Promise<MedicalListItem[]> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'medical' });
    // All kinds in the order they were added; the web filters by kind.
    return (await listPetRows(this.deps.db, 'medical_record', petId)).map((row) =>
      toMedicalListItem(toRecord(row)),
    );
  }

  /**
   * Adds a record. The plan of the pet's owner must allow medical data: checked in the insert's
   * transaction after the access check (a pet without access is 404 whatever the plan), refused
   * with Medical_Not_Allowed_Text.
   */
  async create(
    userId: string,
    petId: string,
    medicalType: MedicalType,
    body: MedicalInput,
  ): Promise<MedicalRecord> {
    const values = medicalValues(medicalType, body);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.requireForInsert(trx, userId, petId, {
        action: 'create',
        resource: 'medical',
      });
      await assertMedicalAllowed(trx, this.deps.kind, access.ownerId);
      const medId = await repo.insertRecord(
        trx,
        { ownerId: access.ownerId, createdBy: userId },
        petId,
        medicalType,
        values,
      );
      await this.deps.access.logActivity(trx, access, 'created', 'medical', medId, values.name);
      return medId;
    });
    return this.recordById(id);
  }

  /**
   * Replaces the fields of a record of this kind. Allowed on every plan, so an owner who moved to
   * the free plan keeps control of the data already stored. A record of another kind is 404.
   */
  async update(
    userId: string,
    medId: string,
    medicalType: MedicalType,
    body: Partial<MedicalInput>,
  ): Promise<MedicalRecord> {
    const missing = () => notFound(`No ${medicalType} record with this id`);
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'medical_record',
        medId,
        { action: 'update', resource: 'medical' },
        missing,
        { db: trx, lock: true },
      );
      if (row.medical_type !== medicalType) throw missing();
      // Fields left out keep their stored values; null clears (the rule of every PUT).
      const values = medicalValues(medicalType, mergeSentFields<MedicalInput>(toRecord(row), body));
      await repo.updateRecord(trx, medId, values);
      await this.deps.access.logActivity(trx, access, 'updated', 'medical', medId, values.name);
    });
    return this.recordById(medId);
  }

  /** Allowed on every plan (see update). */
  async delete(userId: string, medId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'medical_record',
        medId,
        { action: 'delete', resource: 'medical' },
        recordNotFound,
        { db: trx, lock: true },
      );
      await deletePetRow(trx, 'medical_record', medId);
      await this.deps.access.logActivity(trx, access, 'deleted', 'medical', medId, row.name);
    });
  }
}
