import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BrandConfig, CalendarFeedStatus, UiLanguage } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.ts';
import * as appointments from '../appointments/appointments.repo.ts';
import type { AppointmentsService } from '../appointments/appointments.service.ts';
import { assertPaidExtrasAllowed, paidExtrasAllowed } from '../plans/plan-limits.ts';
import type { CalendarDose } from '../care/care.service.ts';
import { appointmentsCalendar } from './calendar.ics.ts';

/**
 * Feed addresses are secrets anyone may hold (calendar apps poll them without a session), so a guess
 * must be hopeless (192 random bits) and the guesses of one address are limited anyway.
 */
const FEED_TOKEN_BYTES = 24;
export const CALENDAR_FEED_PER_IP: RateLimitRule = { window: 600, max: 120 };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface CalendarServiceDeps {
  db: Kysely<Database>;
  limiter: RateLimiter;
  /** The owner's stored language (the feed has no browser to ask). */
  language: (userId: string) => Promise<UiLanguage | null>;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  now: () => Date;
  /** The appointments a user sees (own pets' and active shared pets'), through the access rule. */
  appointments: Pick<AppointmentsService, 'visibleRows' | 'readableRow'>;
  /** The next 14 days of doses when the user switched ical_doses on (care plans, issue 36). */
  doses?: (userId: string) => Promise<CalendarDose[]>;
}

/**
 * Appointments in the user's own calendar (issue 17; with the pets shared with them, issue 35): one appointment as an .ics download, and a
 * private subscription address with every appointment of every pet, reminders as alarms. Both are
 * paid-plan extras (plan-limits.ts); a feed address of an owner who is back on the free plan, or who
 * regenerated or revoked it, stops answering.
 */
export class CalendarService {
  constructor(private readonly deps: CalendarServiceDeps) {}

  async status(userId: string): Promise<CalendarFeedStatus> {
    const row = await this.deps.db
      .selectFrom('calendar_feed')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { active: row !== undefined, created_at: row?.created_at ?? null };
  }

  /** A new feed address for the owner; the previous one (if any) stops working at once. */
  async regenerate(userId: string, brand: BrandConfig): Promise<{ url: string; created_at: string }> {
    await assertPaidExtrasAllowed(this.deps.db, userId);
    const token = randomBytes(FEED_TOKEN_BYTES).toString('base64url');
    const createdAt = this.deps.now().toISOString();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_feed').where('user_id', '=', userId).execute();
      await trx
        .insertInto('calendar_feed')
        .values({ user_id: userId, token_hash: hashToken(token), created_at: createdAt })
        .execute();
    });
    return { url: `${this.deps.originForBrand(brand)}/calendar/${token}.ics`, created_at: createdAt };
  }

  async revoke(userId: string): Promise<void> {
    await this.deps.db.deleteFrom('calendar_feed').where('user_id', '=', userId).execute();
  }

  /** The subscription: every appointment of the feed's owner. Unknown, revoked or unpaid: not found. */
  async feed(token: string, ip: string): Promise<string> {
    await this.deps.limiter.enforce([`calendar:ip:${ip}`, CALENDAR_FEED_PER_IP]);
    const row = await this.deps.db
      .selectFrom('calendar_feed')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row || !(await paidExtrasAllowed(this.deps.db, row.user_id))) throw notFound('No such calendar');
    // A member's feed also lists the pets shared with them now (issue 35).
    return this.render(
      row.user_id,
      await this.deps.appointments.visibleRows(row.user_id),
      (await this.deps.doses?.(row.user_id)) ?? [],
    );
  }

  /** One appointment the signed-in user may read as a calendar file ("add to calendar"). */
  async single(userId: string, apptId: string): Promise<{ ics: string; fileName: string }> {
    const row = await this.deps.appointments.readableRow(userId, apptId);
    // The calendar is the signed-in user's own paid extra, whoever's pet it is.
    await assertPaidExtrasAllowed(this.deps.db, userId);
    const safeName = row.pet_name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'pet';
    return { ics: await this.render(userId, [row]), fileName: `${safeName}-${row.appointment_date}.ics` };
  }

  private async render(
    userId: string,
    rows: appointments.AppointmentRow[],
    doses: CalendarDose[] = [],
  ): Promise<string> {
    const owner = await appointments.findRecipient(this.deps.db, userId);
    const brand = this.deps.brandForPartner(owner?.partner_id ?? '');
    const origin = this.deps.originForBrand(brand);
    return appointmentsCalendar(
      rows,
      {
        language: (await this.deps.language(userId)) ?? 'de',
        productName: brand.name,
        origin,
        uidDomain: new URL(origin).hostname,
      },
      doses,
    );
  }
}
