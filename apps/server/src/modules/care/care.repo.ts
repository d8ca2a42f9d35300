import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  DEFAULT_STOCK_WARN_DAYS,
  dosesPerDay,
  expandSchedule,
  type ScheduleRule,
  type ScheduleWindow,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DoseLogTable, MedicationScheduleTable } from '../../db/tables/care.ts';
import { activeShareCondition } from '../pets/pet-access.ts';

/** The care module's queries (scoped by the pet access checked in the service). */
export type Db = Kysely<Database> | Transaction<Database>;
export type ScheduleRow = Selectable<MedicationScheduleTable>;
export type DoseLogRow = Selectable<DoseLogTable>;

const DAY_MS = 86_400_000;

export function windowOf(row: Pick<ScheduleRow, 'rule' | 'starts_on' | 'ends_on'>): ScheduleWindow {
  return { rule: JSON.parse(row.rule) as ScheduleRule, starts_on: row.starts_on, ends_on: row.ends_on };
}

/** The first slot at or after `fromMs`, looking ahead up to 400 days; null when none. */
export function nextSlotFrom(window: ScheduleWindow, zone: string, fromMs: number): number | null {
  for (let start = fromMs; start < fromMs + 400 * DAY_MS; start += 32 * DAY_MS) {
    const slots = expandSchedule(window, zone, start, start + 32 * DAY_MS);
    if (slots.length > 0) return slots[0]!;
  }
  return null;
}

/** Days the stock lasts at this schedule (one decimal, rounded down); null: not tracked or as needed. */
export function stockDaysLeft(row: Pick<ScheduleRow, 'rule' | 'stock_units' | 'dose_amount'>): number | null {
  if (row.stock_units === null) return null;
  const perDay = dosesPerDay(JSON.parse(row.rule) as ScheduleRule) * row.dose_amount;
  if (perDay <= 0) return null;
  return Math.floor((row.stock_units / perDay) * 10) / 10;
}

export function stockIsLow(
  row: Pick<ScheduleRow, 'rule' | 'stock_units' | 'dose_amount' | 'stock_warn_days'>,
): boolean {
  const days = stockDaysLeft(row);
  return days !== null && days < (row.stock_warn_days ?? DEFAULT_STOCK_WARN_DAYS);
}

/** A medication record with its pet (for the schedule and dose calls). */
export function findMedication(db: Db, medId: string) {
  return db
    .selectFrom('medical_record as m')
    .innerJoin('pet as p', 'p.id', 'm.pet_id')
    .select([
      'm.id',
      'm.pet_id',
      'm.name',
      'm.medical_type',
      'm.created_by',
      'p.name as pet_name',
      'p.user_id as owner_id',
    ])
    .where('m.id', '=', medId)
    .executeTakeFirst();
}

export function findSchedule(db: Db, medId: string): Promise<ScheduleRow | undefined> {
  return db.selectFrom('medication_schedule').selectAll().where('med_id', '=', medId).executeTakeFirst();
}

/** Schedules of these pets with their medication's and pet's names and the pet's owner. */
export async function schedulesOfPets(db: Db, petIds: string[]) {
  if (petIds.length === 0) return [];
  return (
    db
      .selectFrom('medication_schedule as s')
      .innerJoin('medical_record as m', 'm.id', 's.med_id')
      .innerJoin('pet as p', 'p.id', 's.pet_id')
      .selectAll('s')
      // The owner's zone in the same statement (null: no profile, the default zone).
      .leftJoin('user_profile as up', 'up.user_id', 'p.user_id')
      .select(['m.name as medication_name', 'p.name as pet_name', 'p.user_id as owner_id'])
      .select('up.time_zone as owner_zone')
      .where('s.pet_id', 'in', petIds)
      .execute()
  );
}

/** Log entries of these medications with slots in [from, to), with who confirmed them. */
export async function logsInRange(db: Db, medIds: string[], from: string, to: string) {
  if (medIds.length === 0) return [];
  return db
    .selectFrom('dose_log as d')
    .leftJoin('user as u', 'u.id', 'd.created_by')
    .selectAll('d')
    .select('u.name as confirmed_by_name')
    .where('d.med_id', 'in', medIds)
    .where('d.slot', '>=', from)
    .where('d.slot', '<', to)
    .execute();
}

export function findLog(db: Db, id: string) {
  return db
    .selectFrom('dose_log as d')
    .leftJoin('user as u', 'u.id', 'd.created_by')
    .selectAll('d')
    .select('u.name as confirmed_by_name')
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export function logPage(db: Db, medId: string, before: string | undefined, limit: number) {
  let query = db
    .selectFrom('dose_log as d')
    .leftJoin('user as u', 'u.id', 'd.created_by')
    .selectAll('d')
    .select('u.name as confirmed_by_name')
    .where('d.med_id', '=', medId);
  if (before) query = query.where('d.confirmed_at', '<', before);
  return query.orderBy('d.confirmed_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

export async function insertNotice(
  db: Db,
  notice: {
    userId: string;
    petId: string;
    kind: string;
    params: Record<string, string | number>;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto('care_notice')
    .values({
      id: crypto.randomUUID(),
      user_id: notice.userId,
      pet_id: notice.petId,
      kind: notice.kind,
      params: JSON.stringify(notice.params),
      created_at: notice.at,
      dismissed_at: null,
    })
    .execute();
}

/** Many notices in one statement per 500 (the sweep's missed-dose notices of a batch). */
export async function insertNotices(
  db: Db,
  notices: Array<Parameters<typeof insertNotice>[1]>,
): Promise<void> {
  for (let i = 0; i < notices.length; i += 500) {
    await db
      .insertInto('care_notice')
      .values(
        notices.slice(i, i + 500).map((notice) => ({
          id: crypto.randomUUID(),
          user_id: notice.userId,
          pet_id: notice.petId,
          kind: notice.kind,
          params: JSON.stringify(notice.params),
          created_at: notice.at,
          dismissed_at: null,
        })),
      )
      .execute();
  }
}

/** Whether the user's current plan has the medical flag (a read; writes lock it in plan-limits.ts). */
export async function planHasMedical(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_subscription as us')
    .innerJoin('product as p', 'p.id', 'us.product_id')
    .select('p.medical')
    .where('us.user_id', '=', userId)
    .executeTakeFirst();
  return row?.medical === 1;
}

/**
 * In one statement: the caller's own pets when the caller's plan has the medical flag, and the
 * pets shared with the caller now (an active share) whose owner's plan has it.
 */
export async function petIdsWithMedical(db: Db, userId: string, nowIso: string): Promise<string[]> {
  const rows = await db
    .selectFrom('pet as pt')
    .innerJoin('user_subscription as us', 'us.user_id', 'pt.user_id')
    .innerJoin('product as p', 'p.id', 'us.product_id')
    .select('pt.id')
    .where('pt.user_id', '=', userId)
    .where('p.medical', '=', 1)
    .union(
      db
        .selectFrom('pet_share as s')
        .innerJoin('pet as pt', 'pt.id', 's.pet_id')
        .innerJoin('user_subscription as us', 'us.user_id', 'pt.user_id')
        .innerJoin('product as p', 'p.id', 'us.product_id')
        .select('pt.id')
        .where('s.member_id', '=', userId)
        .where(activeShareCondition(nowIso))
        .where('p.medical', '=', 1),
    )
    .execute();
  return rows.map((row) => row.id);
}
