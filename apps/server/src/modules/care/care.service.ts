import type { Kysely, Transaction } from 'kysely';
import {
  CARE_KEYS,
  LIMIT_KEYS,
  dayNumber,
  isScheduleSlot,
  localDayOf,
  localDayStart,
  localTimeOf,
  UNDO_WINDOW_MINUTES,
  expandSchedule,
  type Dose,
  type DoseBody,
  type DoseLogEntry,
  type Schedule,
  type ScheduleBody,
  type TodayResponse,
  DEFAULT_USER_TIME_ZONE,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { isUniqueViolation } from '../../platform/auth/db-errors.ts';
import { badRequest, conflict, limitReached, notFound, withStatus } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import { assertMedicalAllowed } from '../plans/plan-limits.ts';
import { refuseUnless, type AccessCheck, type PetAccess, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './care.repo.ts';
import { CARE_STOCK_MAIL_JOB } from './care.jobs.ts';
import type { CareSettingsStore } from './care.settings.ts';

/** A dose as the calendar feed shows it. */
export type CalendarDose = Pick<
  Dose,
  'med_id' | 'pet_id' | 'slot' | 'pet_name' | 'medication_name' | 'dose_amount' | 'dose_unit'
>;

export interface CareServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  access: PetAccessPolicy;
  jobs: JobQueue;
  settings: CareSettingsStore;
}

const MINUTE_MS = 60_000;
const medicationNotFound = () => notFound('No medication with this id');
const scheduleNotFound = () => notFound('This medication has no schedule');
const slotUnknown = () => withStatus(404, CARE_KEYS.noSuchSlot, 'Not a due dose of this schedule');
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Medication schedules, the dose log and "Today" (issue 36). Every call goes through the pet access
 * (resources care_plan and dose) and the pet owner's plan must have the medical flag.
 */
export class CareService {
  constructor(private readonly deps: CareServiceDeps) {}

  private nowMs(): number {
    return this.deps.clock.now().getTime();
  }

  /**
   * The plan gate of the care calls: the plan of `userId` must have the medical flag, else the
   * answer medical creation gives (plan-limits.ts). In a write's transaction the plan row is locked.
   */
  async assertPlan(userId: string, trx?: Transaction<Database>): Promise<void> {
    if (trx) return assertMedicalAllowed(trx, this.deps.kind, userId);
    if (!(await repo.planHasMedical(this.deps.db, userId))) throw limitReached(LIMIT_KEYS.medicalNotAllowed);
  }

  /**
   * The pets whose care plans the caller sees, gated per pet by its OWNER's plan (the rule of the
   * pet calls): the caller's own pets when the caller's plan has the medical flag, each shared pet
   * when its owner's plan has it. null: none of them may be shown (the caller's plan has no medical
   * flag and no pet shared with them belongs to an owner whose plan has it): the plan answer.
   */
  private async petsWithCare(userId: string): Promise<string[] | null> {
    // Own pets under a medical plan and shared pets of medical owners, in one statement.
    const petIds = await repo.petIdsWithMedical(this.deps.db, userId, this.deps.access.nowIso());
    if (petIds.length > 0) return petIds;
    // None: a medical plan without (shared) pets answers an empty list, else the plan refuses.
    return (await repo.planHasMedical(this.deps.db, userId)) ? [] : null;
  }

  /** A medication (medical_type medication) the caller reaches with `check`, else 404/403. */
  private async medication(userId: string, medId: string, check: AccessCheck, db: repo.Db = this.deps.db) {
    const med = await repo.findMedication(db, medId);
    if (!med || med.medical_type !== 'medication') throw medicationNotFound();
    const access = await this.deps.access.find(userId, med.pet_id, { db });
    if (!access) throw medicationNotFound();
    await this.assertPlan(access.ownerId, db === this.deps.db ? undefined : (db as Transaction<Database>));
    refuseUnless(access, check);
    return { med, access };
  }

  private toSchedule(row: repo.ScheduleRow, names: { medication_name: string }, zone: string): Schedule {
    return {
      med_id: row.med_id,
      pet_id: row.pet_id,
      medication_name: names.medication_name,
      rule: JSON.parse(row.rule) as Schedule['rule'],
      dose_amount: row.dose_amount,
      dose_unit: row.dose_unit as Schedule['dose_unit'],
      starts_on: row.starts_on,
      ends_on: row.ends_on,
      stock_units: row.stock_units,
      stock_warn_days: row.stock_warn_days,
      time_zone: zone,
      stock_days_left: repo.stockDaysLeft(row),
      stock_low: repo.stockIsLow(row),
      updated_at: row.updated_at,
    };
  }

  async getSchedule(userId: string, medId: string): Promise<Schedule> {
    const { med, access } = await this.medication(userId, medId, { action: 'read', resource: 'care_plan' });
    const row = await repo.findSchedule(this.deps.db, medId);
    if (!row) throw scheduleNotFound();
    return this.toSchedule(
      row,
      { medication_name: med.name },
      await this.deps.settings.timeZoneOf(access.ownerId),
    );
  }

  /** Sets (replaces) a medication's schedule; the sweep starts at its next slot from now. */
  async putSchedule(userId: string, medId: string, body: ScheduleBody): Promise<Schedule> {
    if (body.ends_on && body.ends_on < body.starts_on) throw badRequest(CARE_KEYS.window, 'ends_on');
    const now = iso(this.nowMs());
    const medicationName = await this.deps.db.transaction().execute(async (trx) => {
      const { med, access } = await this.medication(
        userId,
        medId,
        { action: 'update', resource: 'care_plan' },
        trx,
      );
      const zone = await this.deps.settings.timeZoneOf(access.ownerId, trx);
      const window = { rule: body.rule, starts_on: body.starts_on, ends_on: body.ends_on ?? null };
      const next = repo.nextSlotFrom(window, zone, this.nowMs());
      const values = {
        pet_id: med.pet_id,
        user_id: access.ownerId,
        kind: body.rule.kind,
        rule: JSON.stringify(body.rule),
        dose_amount: body.dose_amount,
        dose_unit: body.dose_unit,
        starts_on: body.starts_on,
        ends_on: body.ends_on ?? null,
        stock_units: body.stock_units ?? null,
        stock_warn_days: body.stock_warn_days ?? null,
        next_slot_at: next === null ? null : iso(next),
        updated_at: now,
      };
      const low = repo.stockIsLow(values);
      await trx
        .insertInto('medication_schedule')
        .values({ med_id: medId, ...values, stock_low_warned: 0, created_by: userId, created_at: now })
        .onConflict((oc) =>
          // A stock that is low again after a refill warns again; a still-low one keeps its marker.
          oc.column('med_id').doUpdateSet(low ? values : { ...values, stock_low_warned: 0 }),
        )
        .execute();
      // Saved with too little on hand (a new schedule, or a refill that is still short): warn now,
      // once per crossing, as a dose that takes the stock below the line does.
      await this.warnIfStockLow(trx, medId, access, med.pet_name, med.name);
      return med.name;
    });
    const row = (await repo.findSchedule(this.deps.db, medId))!;
    return this.toSchedule(
      row,
      { medication_name: medicationName },
      await this.deps.settings.timeZoneOf(row.user_id),
    );
  }

  async deleteSchedule(userId: string, medId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await this.medication(userId, medId, { action: 'delete', resource: 'care_plan' }, trx);
      const result = await trx
        .deleteFrom('medication_schedule')
        .where('med_id', '=', medId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw scheduleNotFound();
    });
  }

  /**
   * Every dose of a day across the caller's pets and the pets shared with them now, each in its
   * owner's household zone; plus the open doses of the day before (overdue).
   */
  async today(userId: string, day?: string): Promise<TodayResponse> {
    const petIds = await this.petsWithCare(userId);
    if (petIds === null) throw limitReached(LIMIT_KEYS.medicalNotAllowed);
    const nowMs = this.nowMs();
    // The caller's settings once: their zone and their missed-dose delay.
    const callerSettings = await this.deps.settings.get(userId);
    const callerZone = callerSettings.time_zone;
    const theDay = day ?? localDayOf(nowMs, callerZone);
    const schedules = await repo.schedulesOfPets(this.deps.db, petIds);
    // The owners' zones came with the schedules (user_profile joined).
    const zones = new Map(schedules.map((s) => [s.owner_id, s.owner_zone ?? DEFAULT_USER_TIME_ZONE]));
    const dayNo = dayNumber(theDay);
    const ranges = new Map<string, { from: number; dayFrom: number; to: number; zone: string }>();
    let minFrom = Number.POSITIVE_INFINITY;
    let maxTo = 0;
    // The day's bounds once per zone (most schedules share their owner's zone).
    const rangeOfZone = new Map<string, { from: number; dayFrom: number; to: number; zone: string }>();
    for (const s of schedules) {
      const zone = zones.get(s.owner_id)!;
      let range = rangeOfZone.get(zone);
      if (!range) {
        range = {
          from: localDayStart(dayNo - 1, zone),
          dayFrom: localDayStart(dayNo, zone),
          to: localDayStart(dayNo + 1, zone),
          zone,
        };
        rangeOfZone.set(zone, range);
      }
      ranges.set(s.med_id, range);
      minFrom = Math.min(minFrom, range.from);
      maxTo = Math.max(maxTo, range.to);
    }
    const logs = schedules.length
      ? await repo.logsInRange(
          this.deps.db,
          schedules.map((s) => s.med_id),
          iso(minFrom),
          iso(maxTo),
        )
      : [];
    const logBySlot = new Map(logs.map((log) => [`${log.med_id} ${log.slot}`, log]));
    // "Overdue" after the caller's own missed-dose delay (0: as soon as the due time has passed).
    const overdueAfterMs = callerSettings.missed_dose_repeat_minutes * MINUTE_MS;
    const doses: Dose[] = [];
    for (const s of schedules) {
      const range = ranges.get(s.med_id)!;
      for (const slot of expandSchedule(repo.windowOf(s), range.zone, range.from, range.to)) {
        const log = logBySlot.get(`${s.med_id} ${iso(slot)}`);
        // The day before only while still open (overdue).
        if (slot < range.dayFrom && log) continue;
        if (slot < range.dayFrom && slot > nowMs) continue;
        doses.push(this.toDose(s, { ...s, zone: range.zone }, slot, log ?? null, nowMs, overdueAfterMs));
      }
    }
    doses.sort((a, b) => a.slot.localeCompare(b.slot) || a.pet_name.localeCompare(b.pet_name));
    return {
      day: theDay,
      time_zone: callerZone,
      doses,
      stock_warnings: schedules
        .filter((s) => repo.stockIsLow(s))
        .map((s) => ({
          med_id: s.med_id,
          pet_id: s.pet_id,
          pet_name: s.pet_name,
          medication_name: s.medication_name,
          days_left: repo.stockDaysLeft(s)!,
        })),
    };
  }

  private toDose(
    s: repo.ScheduleRow,
    names: { pet_name: string; medication_name: string; zone: string },
    slot: number,
    log: (repo.DoseLogRow & { confirmed_by_name: string | null }) | null,
    nowMs: number,
    overdueAfterMs: number,
  ): Dose {
    let state: Dose['state'];
    if (log) state = log.action === 'given' ? 'given' : 'skipped';
    else if (slot > nowMs) state = 'upcoming';
    else if (nowMs - slot >= overdueAfterMs) state = 'overdue';
    else state = 'due';
    const undoUntil = log ? new Date(log.confirmed_at).getTime() + UNDO_WINDOW_MINUTES * MINUTE_MS : 0;
    return {
      slot: iso(slot),
      local_time: localTimeOf(slot, names.zone),
      med_id: s.med_id,
      pet_id: s.pet_id,
      pet_name: names.pet_name,
      medication_name: names.medication_name,
      dose_amount: s.dose_amount,
      dose_unit: s.dose_unit as Dose['dose_unit'],
      state,
      log_id: log?.id ?? null,
      confirmed_at: log?.confirmed_at ?? null,
      confirmed_by: log?.created_by ? { id: log.created_by, name: log.confirmed_by_name ?? '' } : null,
      skip_reason: log?.skip_reason ?? null,
      undo_until: log && undoUntil > nowMs ? iso(undoUntil) : null,
    };
  }

  /**
   * Confirms one slot (given or skipped) once: UNIQUE(med_id, slot) refuses a second, also a
   * parallel one (409). "Given" takes dose_amount off the stock in the same transaction; crossing
   * the warning line writes the notice and schedules the mail there too.
   */
  async confirmDose(userId: string, medId: string, body: DoseBody): Promise<DoseLogEntry> {
    if (body.action === 'skipped' && !body.skip_reason?.trim())
      throw badRequest(CARE_KEYS.skipReason, 'skip_reason');
    const nowMs = this.nowMs();
    const id = crypto.randomUUID();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const { med, access } = await this.medication(
          userId,
          medId,
          { action: 'create', resource: 'dose' },
          trx,
        );
        const schedule = await repo.findSchedule(trx, medId);
        if (!schedule) throw slotUnknown();
        const window = repo.windowOf(schedule);
        let slot: string | null = null;
        if (window.rule.kind === 'as_needed') {
          if (body.slot) throw slotUnknown();
        } else {
          const slotMs = body.slot ? new Date(body.slot).getTime() : NaN;
          const zone = await this.deps.settings.timeZoneOf(access.ownerId, trx);
          if (!Number.isFinite(slotMs) || !isScheduleSlot(window, zone, slotMs)) throw slotUnknown();
          slot = iso(slotMs);
          const taken = await trx
            .selectFrom('dose_log')
            .select('id')
            .where('med_id', '=', medId)
            .where('slot', '=', slot)
            .executeTakeFirst();
          if (taken) throw conflict(CARE_KEYS.alreadyConfirmed);
        }
        let stockTaken = 0;
        if (body.action === 'given' && schedule.stock_units !== null) {
          stockTaken = Math.min(schedule.stock_units, schedule.dose_amount);
          await trx
            .updateTable('medication_schedule')
            .set((eb) => ({ stock_units: eb('stock_units', '-', stockTaken) }))
            .where('med_id', '=', medId)
            .execute();
        }
        await trx
          .insertInto('dose_log')
          .values({
            id,
            med_id: medId,
            pet_id: med.pet_id,
            user_id: access.ownerId,
            slot,
            action: body.action,
            skip_reason: body.action === 'skipped' ? body.skip_reason!.trim() : null,
            stock_taken: stockTaken,
            confirmed_at: iso(nowMs),
            created_by: userId,
          })
          .execute();
        if (stockTaken > 0) await this.warnIfStockLow(trx, medId, access, med.pet_name, med.name);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CARE_KEYS.alreadyConfirmed);
      throw error;
    }
    return this.toLogEntry((await repo.findLog(this.deps.db, id))!);
  }

  /** Once per crossing of the line: an in-app notice and a mail to the owner and co-owners. */
  private async warnIfStockLow(
    trx: Transaction<Database>,
    medId: string,
    access: PetAccess,
    petName: string,
    medicationName: string,
  ): Promise<void> {
    const schedule = (await repo.findSchedule(trx, medId))!;
    if (!repo.stockIsLow(schedule) || schedule.stock_low_warned === 1) return;
    const claimed = await trx
      .updateTable('medication_schedule')
      .set({ stock_low_warned: 1 })
      .where('med_id', '=', medId)
      .where('stock_low_warned', '=', 0)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    const daysLeft = repo.stockDaysLeft(schedule)!;
    const members = await this.deps.access.membersOf(access.pet.id, trx);
    const recipients = [
      access.ownerId,
      ...members.filter((m) => m.role === 'co_owner').map((m) => m.memberId),
    ];
    const at = iso(this.nowMs());
    for (const recipientId of recipients) {
      await repo.insertNotice(trx, {
        userId: recipientId,
        petId: access.pet.id,
        kind: 'stock_low',
        params: { medication_name: medicationName, days_left: daysLeft, pet_name: petName },
        at,
      });
      await this.deps.jobs.schedule(
        CARE_STOCK_MAIL_JOB,
        { medId, recipientId, daysLeft },
        { trx, dedupeKey: `${CARE_STOCK_MAIL_JOB.name}:${medId}:${recipientId}:${at}` },
      );
    }
  }

  /** Undo within UNDO_WINDOW_MINUTES (a carer only their own): the stock gets its units back. */
  async undoDose(userId: string, logId: string): Promise<void> {
    const missing = () => notFound('No such dose');
    await this.deps.db.transaction().execute(async (trx) => {
      const log = await repo.findLog(trx, logId);
      if (!log) throw missing();
      const access = await this.deps.access.find(userId, log.pet_id, { db: trx });
      if (!access) throw missing();
      refuseUnless(access, { action: 'delete', resource: 'dose', entry: { createdBy: log.created_by } });
      if (this.nowMs() > new Date(log.confirmed_at).getTime() + UNDO_WINDOW_MINUTES * MINUTE_MS) {
        throw conflict(CARE_KEYS.undoTooLate);
      }
      await trx.deleteFrom('dose_log').where('id', '=', logId).execute();
      if (log.stock_taken > 0) {
        await trx
          .updateTable('medication_schedule')
          .set((eb) => ({ stock_units: eb('stock_units', '+', log.stock_taken) }))
          .where('med_id', '=', log.med_id)
          .execute();
        const schedule = await repo.findSchedule(trx, log.med_id);
        if (schedule && !repo.stockIsLow(schedule) && schedule.stock_low_warned === 1) {
          await trx
            .updateTable('medication_schedule')
            .set({ stock_low_warned: 0 })
            .where('med_id', '=', log.med_id)
            .execute();
        }
      }
    });
  }

  /** The dose log of a medication, newest first, 50 a page (older: before=confirmed_at of the last). */
  async doseLog(userId: string, medId: string, before?: string): Promise<DoseLogEntry[]> {
    await this.medication(userId, medId, { action: 'read', resource: 'dose' });
    return (await repo.logPage(this.deps.db, medId, before, 50)).map((row) => this.toLogEntry(row));
  }

  private toLogEntry(row: repo.DoseLogRow & { confirmed_by_name: string | null }): DoseLogEntry {
    return {
      id: row.id,
      med_id: row.med_id,
      slot: row.slot,
      action: row.action as DoseLogEntry['action'],
      skip_reason: row.skip_reason,
      confirmed_at: row.confirmed_at,
      confirmed_by: row.created_by ? { id: row.created_by, name: row.confirmed_by_name ?? '' } : null,
    };
  }

  /**
   * The calendar feed's doses (issue 36): the next `days` days of doses of the user's own and
   * shared pets, when the user switched ical_doses on and the plan has the medical flag.
   */
  async upcomingDoses(userId: string, days = 14): Promise<CalendarDose[]> {
    const settings = await this.deps.settings.get(userId);
    if (!settings.ical_doses) return [];
    const petIds = await this.petsWithCare(userId);
    if (petIds === null) return [];
    const schedules = await repo.schedulesOfPets(this.deps.db, petIds);
    const zones = await this.deps.settings.timeZonesOf(schedules.map((s) => s.owner_id));
    const from = this.nowMs();
    const doses: CalendarDose[] = [];
    for (const s of schedules) {
      for (const slot of expandSchedule(
        repo.windowOf(s),
        zones.get(s.owner_id)!,
        from,
        from + days * 86_400_000,
      )) {
        doses.push({
          med_id: s.med_id,
          pet_id: s.pet_id,
          slot: iso(slot),
          pet_name: s.pet_name,
          medication_name: s.medication_name,
          dose_amount: s.dose_amount,
          dose_unit: s.dose_unit as CalendarDose['dose_unit'],
        });
      }
    }
    return doses.sort((a, b) => a.slot.localeCompare(b.slot));
  }

  /** The schedules of a pet (PDFs, the calendar feed): each with its household zone. */
  async schedulesOfPet(petId: string): Promise<Array<Schedule>> {
    const rows = await repo.schedulesOfPets(this.deps.db, [petId]);
    const zones = await this.deps.settings.timeZonesOf(rows.map((r) => r.owner_id));
    return rows.map((row) => this.toSchedule(row, row, zones.get(row.owner_id)!));
  }
}
