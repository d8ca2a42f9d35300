import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  CARE_KEYS,
  LIMIT_KEYS,
  dayNumber,
  localDayOf,
  VACCINATION_DUE_SOON_DAYS,
  VACCINATION_REMINDER_OFFSETS_DAYS,
  WEIGHT_GOAL_OUTSIDE_IN_A_ROW,
  zonedTimeToUtc,
  type Notice,
  type VaccinationDue,
} from '@pet/contract';
import type { z } from 'zod';
import type { vaccinationDueBodySchema, weightGoalSchema } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { VaccinationDueTable } from '../../db/tables/care.ts';
import type { Clock } from '../../platform/clock.ts';
import { badRequest, limitReached, notFound } from '../../platform/errors.ts';
import { assertMedicalAllowed } from '../plans/plan-limits.ts';
import { refuseUnless, type AccessCheck, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './care.repo.ts';
import type { CareSettingsStore } from './care.settings.ts';

type VaccinationBody = z.infer<typeof vaccinationDueBodySchema>;
type WeightGoal = z.infer<typeof weightGoalSchema>;
type VaccinationRow = Selectable<VaccinationDueTable>;

export interface CareRecordsDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  access: PetAccessPolicy;
  settings: CareSettingsStore;
}

/** Vaccination reminders go out at this local hour of their day. */
export const VACCINATION_REMINDER_TIME = '09:00';
const vaccinationNotFound = () => notFound('No such vaccination');

/**
 * The instant of the first vaccination reminder not yet due at `nowMs`, from index `from` of
 * VACCINATION_REMINDER_OFFSETS_DAYS on: [index, instant], or null when none is left.
 */
export function nextVaccinationReminder(
  dueOn: string,
  zone: string,
  nowMs: number,
  from = 0,
): { index: number; at: string } | null {
  for (let i = from; i < VACCINATION_REMINDER_OFFSETS_DAYS.length; i += 1) {
    const at = zonedTimeToUtc(
      dayNumber(dueOn) + VACCINATION_REMINDER_OFFSETS_DAYS[i]!,
      VACCINATION_REMINDER_TIME,
      zone,
    );
    if (at > nowMs) return { index: i, at: new Date(at).toISOString() };
  }
  return null;
}

/** Vaccinations that come due, weight goals and the in-app notices (issue 36). */
export class CareRecordsService {
  constructor(private readonly deps: CareRecordsDeps) {}

  private nowMs(): number {
    return this.deps.clock.now().getTime();
  }

  private async petAccess(userId: string, petId: string, check: AccessCheck, trx?: Transaction<Database>) {
    const access = trx
      ? await this.deps.access.requireForInsert(trx, userId, petId, check)
      : await this.deps.access.require(userId, petId, check);
    if (trx) await assertMedicalAllowed(trx, this.deps.kind, access.ownerId);
    else if (!(await repo.planHasMedical(this.deps.db, access.ownerId))) {
      throw limitReached(LIMIT_KEYS.medicalNotAllowed);
    }
    return access;
  }

  private async vaccinationRow(userId: string, id: string, check: AccessCheck, trx: Transaction<Database>) {
    const row = await trx.selectFrom('vaccination_due').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw vaccinationNotFound();
    const access = await this.deps.access.find(userId, row.pet_id, { db: trx });
    if (!access) throw vaccinationNotFound();
    await assertMedicalAllowed(trx, this.deps.kind, access.ownerId);
    refuseUnless(access, { ...check, entry: { createdBy: row.created_by } });
    return { row, access };
  }

  private toVaccination(row: VaccinationRow, today: string): VaccinationDue {
    let state: VaccinationDue['state'];
    if (row.done_on) state = 'done';
    else if (row.due_on < today) state = 'overdue';
    else if (dayNumber(row.due_on) - dayNumber(today) <= VACCINATION_DUE_SOON_DAYS) state = 'due_soon';
    else state = 'later';
    return {
      id: row.id,
      pet_id: row.pet_id,
      name: row.name,
      due_on: row.due_on,
      source: row.appointment_id
        ? { type: 'appointment', id: row.appointment_id }
        : row.med_id
          ? { type: 'medical', id: row.med_id }
          : null,
      state,
      done_on: row.done_on,
    };
  }

  async vaccinations(userId: string, petId: string): Promise<VaccinationDue[]> {
    const access = await this.petAccess(userId, petId, { action: 'read', resource: 'care_plan' });
    const today = localDayOf(this.nowMs(), await this.deps.settings.timeZoneOf(access.ownerId));
    const rows = await this.deps.db
      .selectFrom('vaccination_due')
      .selectAll()
      .where('pet_id', '=', petId)
      .orderBy('due_on')
      .orderBy('id')
      .execute();
    return rows.map((row) => this.toVaccination(row, today));
  }

  /** Checks that a source appointment or medical record belongs to the same pet. */
  private async assertSource(
    trx: Transaction<Database>,
    petId: string,
    body: VaccinationBody,
  ): Promise<void> {
    if (body.appointment_id) {
      const row = await trx
        .selectFrom('appointment')
        .select('pet_id')
        .where('id', '=', body.appointment_id)
        .executeTakeFirst();
      if (row?.pet_id !== petId) throw notFound('No such appointment of this pet');
    }
    if (body.med_id) {
      const row = await trx
        .selectFrom('medical_record')
        .select('pet_id')
        .where('id', '=', body.med_id)
        .executeTakeFirst();
      if (row?.pet_id !== petId) throw notFound('No such medical record of this pet');
    }
  }

  private async reminderColumns(
    trx: Transaction<Database>,
    ownerId: string,
    dueOn: string,
    doneOn: string | null,
  ) {
    if (doneOn) return { reminders_sent: VACCINATION_REMINDER_OFFSETS_DAYS.length, next_reminder_at: null };
    const next = nextVaccinationReminder(
      dueOn,
      await this.deps.settings.timeZoneOf(ownerId, trx),
      this.nowMs(),
    );
    return next
      ? { reminders_sent: next.index, next_reminder_at: next.at }
      : { reminders_sent: VACCINATION_REMINDER_OFFSETS_DAYS.length, next_reminder_at: null };
  }

  async createVaccination(userId: string, petId: string, body: VaccinationBody): Promise<VaccinationDue> {
    const id = crypto.randomUUID();
    const now = new Date(this.nowMs()).toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.petAccess(userId, petId, { action: 'create', resource: 'care_plan' }, trx);
      await this.assertSource(trx, petId, body);
      await trx
        .insertInto('vaccination_due')
        .values({
          id,
          pet_id: petId,
          user_id: access.ownerId,
          name: body.name,
          due_on: body.due_on,
          appointment_id: body.appointment_id ?? null,
          med_id: body.med_id ?? null,
          done_on: null,
          ...(await this.reminderColumns(trx, access.ownerId, body.due_on, null)),
          created_by: userId,
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    return this.vaccinationById(id);
  }

  private async vaccinationById(id: string): Promise<VaccinationDue> {
    const row = await this.deps.db
      .selectFrom('vaccination_due')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const today = localDayOf(this.nowMs(), await this.deps.settings.timeZoneOf(row.user_id));
    return this.toVaccination(row, today);
  }

  async updateVaccination(userId: string, id: string, body: VaccinationBody): Promise<VaccinationDue> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.vaccinationRow(
        userId,
        id,
        { action: 'update', resource: 'care_plan' },
        trx,
      );
      await this.assertSource(trx, row.pet_id, body);
      await trx
        .updateTable('vaccination_due')
        .set({
          name: body.name,
          due_on: body.due_on,
          appointment_id: body.appointment_id ?? null,
          med_id: body.med_id ?? null,
          ...(await this.reminderColumns(trx, access.ownerId, body.due_on, row.done_on)),
          updated_at: new Date(this.nowMs()).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    });
    return this.vaccinationById(id);
  }

  async deleteVaccination(userId: string, id: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.vaccinationRow(userId, id, { action: 'delete', resource: 'care_plan' }, trx);
      await trx.deleteFrom('vaccination_due').where('id', '=', id).execute();
    });
  }

  /** Recorded as given (default: today in the household zone); no more reminders. */
  async vaccinationDone(userId: string, id: string, doneOn?: string): Promise<VaccinationDue> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { access } = await this.vaccinationRow(
        userId,
        id,
        { action: 'update', resource: 'care_plan' },
        trx,
      );
      const day =
        doneOn ?? localDayOf(this.nowMs(), await this.deps.settings.timeZoneOf(access.ownerId, trx));
      await trx
        .updateTable('vaccination_due')
        .set({ done_on: day, next_reminder_at: null, updated_at: new Date(this.nowMs()).toISOString() })
        .where('id', '=', id)
        .execute();
    });
    return this.vaccinationById(id);
  }

  // ---------------------------------------------------------------------------------------------
  // Weight goals.

  private async outsideInARow(db: repo.Db, petId: string, minKg: number, maxKg: number): Promise<number> {
    const weights = await db
      .selectFrom('pet_weight')
      .select('weight')
      .where('pet_id', '=', petId)
      .orderBy('date_sort', 'desc')
      .orderBy('position', 'desc')
      .limit(50)
      .execute();
    let count = 0;
    for (const { weight } of weights) {
      if (weight >= minKg && weight <= maxKg) break;
      count += 1;
    }
    return count;
  }

  async weightGoal(userId: string, petId: string): Promise<WeightGoal> {
    await this.petAccess(userId, petId, { action: 'read', resource: 'care_plan' });
    const goal = await this.deps.db
      .selectFrom('weight_goal')
      .selectAll()
      .where('pet_id', '=', petId)
      .executeTakeFirst();
    if (!goal) throw notFound('No weight goal');
    return {
      pet_id: petId,
      min_kg: goal.min_kg,
      max_kg: goal.max_kg,
      outside_in_a_row: await this.outsideInARow(this.deps.db, petId, goal.min_kg, goal.max_kg),
    };
  }

  async putWeightGoal(
    userId: string,
    petId: string,
    band: { min_kg: number; max_kg: number },
  ): Promise<WeightGoal> {
    if (!(band.min_kg < band.max_kg)) throw badRequest(CARE_KEYS.weightGoal, 'max_kg');
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.petAccess(userId, petId, { action: 'update', resource: 'care_plan' }, trx);
      const values = {
        min_kg: band.min_kg,
        max_kg: band.max_kg,
        updated_at: new Date(this.nowMs()).toISOString(),
      };
      await trx
        .insertInto('weight_goal')
        .values({ pet_id: petId, user_id: access.ownerId, ...values })
        .onConflict((oc) => oc.column('pet_id').doUpdateSet(values))
        .execute();
    });
    return this.weightGoal(userId, petId);
  }

  async deleteWeightGoal(userId: string, petId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.petAccess(userId, petId, { action: 'delete', resource: 'care_plan' }, trx);
      await trx.deleteFrom('weight_goal').where('pet_id', '=', petId).execute();
    });
  }

  /**
   * The pets module's weight step (in the transaction of a weight added): when the latest
   * WEIGHT_GOAL_OUTSIDE_IN_A_ROW entries are outside the band (exactly then, so once per run of
   * entries outside), the owner gets a notice.
   */
  async weightAdded(trx: Transaction<Database>, petId: string): Promise<void> {
    const goal = await trx
      .selectFrom('weight_goal')
      .selectAll()
      .where('pet_id', '=', petId)
      .executeTakeFirst();
    if (!goal) return;
    const outside = await this.outsideInARow(trx, petId, goal.min_kg, goal.max_kg);
    if (outside !== WEIGHT_GOAL_OUTSIDE_IN_A_ROW) return;
    const pet = await trx.selectFrom('pet').select('name').where('id', '=', petId).executeTakeFirstOrThrow();
    await repo.insertNotice(trx, {
      userId: goal.user_id,
      petId,
      kind: 'weight_outside_goal',
      params: { pet_name: pet.name, min_kg: goal.min_kg, max_kg: goal.max_kg, in_a_row: outside },
      at: new Date(this.nowMs()).toISOString(),
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Notices.

  async notices(userId: string): Promise<Notice[]> {
    const rows = await this.deps.db
      .selectFrom('care_notice as n')
      .innerJoin('pet as p', 'p.id', 'n.pet_id')
      .select(['n.id', 'n.kind', 'n.pet_id', 'p.name as pet_name', 'n.params', 'n.created_at'])
      .where('n.user_id', '=', userId)
      .where('n.dismissed_at', 'is', null)
      .orderBy('n.created_at', 'desc')
      .limit(100)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind as Notice['kind'],
      pet_id: row.pet_id,
      pet_name: row.pet_name,
      params: JSON.parse(row.params) as Notice['params'],
      created_at: row.created_at,
    }));
  }

  async dismissNotice(userId: string, id: string): Promise<void> {
    const result = await this.deps.db
      .updateTable('care_notice')
      .set({ dismissed_at: new Date(this.nowMs()).toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('dismissed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('No such notice');
  }
}
