import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_MISSED_DOSE_REPEAT_MINUTES, DEFAULT_USER_TIME_ZONE, type CareSettings } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';

/** The kinds of reminder a user chooses channels for. */
export type ReminderKind = 'doses' | 'vaccinations' | 'appointments' | 'stock';
type Channels = Pick<CareSettings, ReminderKind>;

/** What a user who never chose gets: mail and push for everything (push only reaches their devices). */
export const DEFAULT_CHANNELS: Channels = {
  doses: { mail: true, push: true },
  vaccinations: { mail: true, push: true },
  appointments: { mail: true, push: true },
  stock: { mail: true, push: true },
};

/** A user's time zone (user_profile.time_zone) and reminder choices (care_settings). */
export class CareSettingsStore {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  /** `db`: the caller's transaction, when inside one (SQLite has one connection). */
  async timeZoneOf(
    userId: string,
    db: Kysely<Database> | Transaction<Database> = this.deps.db,
  ): Promise<string> {
    const row = await db
      .selectFrom('user_profile')
      .select('time_zone')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.time_zone ?? DEFAULT_USER_TIME_ZONE;
  }

  /** Zones of many users at once (the sweep, /today). */
  async timeZonesOf(userIds: string[]): Promise<Map<string, string>> {
    const zones = new Map<string, string>();
    const unique = [...new Set(userIds)];
    for (let i = 0; i < unique.length; i += 500) {
      const rows = await this.deps.db
        .selectFrom('user_profile')
        .select(['user_id', 'time_zone'])
        .where('user_id', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of rows) zones.set(row.user_id, row.time_zone);
    }
    for (const id of unique) if (!zones.has(id)) zones.set(id, DEFAULT_USER_TIME_ZONE);
    return zones;
  }

  /** Settings of many users in two queries (the sweep); every id gets an answer. */
  async getMany(userIds: string[]): Promise<Map<string, CareSettings>> {
    const unique = [...new Set(userIds)];
    const zones = await this.timeZonesOf(unique);
    const rows = new Map<
      string,
      { channels: string; missed_dose_repeat_minutes: number; ical_doses: number }
    >();
    for (let i = 0; i < unique.length; i += 500) {
      const found = await this.deps.db
        .selectFrom('care_settings')
        .selectAll()
        .where('user_id', 'in', unique.slice(i, i + 500))
        .execute();
      for (const row of found) rows.set(row.user_id, row);
    }
    const out = new Map<string, CareSettings>();
    for (const id of unique) out.set(id, settingsOf(zones.get(id)!, rows.get(id)));
    return out;
  }

  async get(userId: string): Promise<CareSettings> {
    // One statement: the profile (zone) with the settings row, when there is a profile.
    const joined = await this.deps.db
      .selectFrom('user_profile as up')
      .leftJoin('care_settings as cs', 'cs.user_id', 'up.user_id')
      .select(['up.time_zone', 'cs.channels', 'cs.missed_dose_repeat_minutes', 'cs.ical_doses'])
      .where('up.user_id', '=', userId)
      .executeTakeFirst();
    if (joined) {
      const { time_zone, channels, missed_dose_repeat_minutes, ical_doses } = joined;
      return settingsOf(
        time_zone,
        channels === null || missed_dose_repeat_minutes === null || ical_doses === null
          ? undefined
          : { channels, missed_dose_repeat_minutes, ical_doses },
      );
    }
    const row = await this.deps.db
      .selectFrom('care_settings')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return settingsOf(DEFAULT_USER_TIME_ZONE, row);
  }

  async put(userId: string, body: Partial<CareSettings>): Promise<CareSettings> {
    const current = await this.get(userId);
    const next: CareSettings = { ...current, ...body };
    const now = this.deps.clock.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      if (body.time_zone !== undefined) {
        await trx
          .updateTable('user_profile')
          .set({ time_zone: next.time_zone, updated_at: now })
          .where('user_id', '=', userId)
          .execute();
      }
      const values = {
        channels: JSON.stringify({
          doses: next.doses,
          vaccinations: next.vaccinations,
          appointments: next.appointments,
          stock: next.stock,
        }),
        missed_dose_repeat_minutes: next.missed_dose_repeat_minutes,
        ical_doses: next.ical_doses ? (1 as const) : (0 as const),
        updated_at: now,
      };
      await trx
        .insertInto('care_settings')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    });
    return this.get(userId);
  }
}

function settingsOf(
  timeZone: string,
  row: { channels: string; missed_dose_repeat_minutes: number; ical_doses: number } | undefined,
): CareSettings {
  const channels = row
    ? { ...DEFAULT_CHANNELS, ...(JSON.parse(row.channels) as Partial<Channels>) }
    : DEFAULT_CHANNELS;
  return {
    time_zone: timeZone,
    ...channels,
    missed_dose_repeat_minutes: row?.missed_dose_repeat_minutes ?? DEFAULT_MISSED_DOSE_REPEAT_MINUTES,
    ical_doses: row ? row.ical_doses === 1 : false,
  };
}
