import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  expandSchedule,
  getsReminders,
  VACCINATION_REMINDER_OFFSETS_DAYS,
  type BrandConfig,
  type DoseUnit,
  type PushMessage,
  type UiLanguage,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RenderedMail } from '../../platform/mail/templates.ts';
import type { PushSender } from '../../platform/push/push-sender.ts';
import type { PetAccessPolicy } from '../pets/pet-access.ts';
import { findPerson } from '../sharing/sharing.repo.ts';
import * as repo from './care.repo.ts';
import {
  CARE_MAIL_KINDS,
  doseReminderPush,
  renderDoseReminderMail,
  renderStockLowMail,
  renderVaccinationMail,
  stockLowPush,
  vaccinationPush,
  type CareMailBase,
} from './care.mails.ts';
import { nextVaccinationReminder } from './care.records.ts';
import type { CareSettingsStore, ReminderKind } from './care.settings.ts';

export interface CareRemindersDeps {
  db: Kysely<Database>;
  clock: Clock;
  access: PetAccessPolicy;
  settings: CareSettingsStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  language: (userId: string) => Promise<UiLanguage | null>;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** Web push (modules/push fills it); without it reminders go by mail only. */
  push?: PushSender;
}

/** Rows handled per query of the sweep (it loops until a query answers fewer). */
const BATCH = 500;
/** A slot older than this when the sweep first sees it (the server was down) is not reminded. */
const STALE_MS = 12 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The reminder sweep (issue 36): one recurring job that answers three indexed queries: schedules
 * whose next_slot_at is due, reminders whose repeat_at is due, vaccinations whose
 * next_reminder_at is due. Each row is claimed by a conditional update (or the dose_reminder
 * primary key) before anything is sent, so parallel or repeated sweeps send nothing twice.
 */
export class CareReminders {
  constructor(private readonly deps: CareRemindersDeps) {}

  async sweep(): Promise<{ doses: number; repeats: number; vaccinations: number }> {
    const nowMs = this.deps.clock.now().getTime();
    return {
      doses: await this.dueDoses(nowMs),
      repeats: await this.repeats(nowMs),
      vaccinations: await this.vaccinations(nowMs),
    };
  }

  /** Who hears about a pet: its owner and the active members whose role gets reminders. */
  private async recipientsOf(petId: string, ownerId: string): Promise<string[]> {
    const members = await this.deps.access.membersOf(petId);
    return [ownerId, ...members.filter((m) => getsReminders(m.role, m.reminders)).map((m) => m.memberId)];
  }

  /**
   * Sends one reminder to a person by the channels they chose for its kind: push when chosen and
   * wired; mail when chosen, or when push was chosen but reached no device (mail always works).
   */
  private async deliver(
    recipientId: string,
    kind: ReminderKind,
    mailKind: string,
    render: (base: CareMailBase) => { mail: RenderedMail; push: PushMessage },
  ): Promise<void> {
    const person = await findPerson(this.deps.db, recipientId);
    if (!person) return;
    const settings = await this.deps.settings.get(recipientId);
    const brand = this.deps.brandForPartner(person.partnerId ?? '');
    const { mail, push } = render({
      brand,
      language: (await this.deps.language(recipientId)) ?? 'de',
      origin: this.deps.originForBrand(brand),
      name: person.name,
      zone: settings.time_zone,
    });
    const channels = settings[kind];
    let pushed = false;
    if (channels.push && this.deps.push) {
      try {
        pushed = (await this.deps.push.sendToUser(recipientId, push)).delivered > 0;
      } catch (err) {
        this.deps.log.warn({ err, recipientId }, 'care reminder: push failed, mailing instead');
      }
    }
    if (channels.mail || (channels.push && !pushed)) {
      await this.deps.mailer.send({ to: person.email, ...mail, kind: mailKind, partnerId: person.partnerId });
    }
  }

  private async dueDoses(nowMs: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.deps.db
        .selectFrom('medication_schedule as s')
        .innerJoin('medical_record as m', 'm.id', 's.med_id')
        .innerJoin('pet as p', 'p.id', 's.pet_id')
        .selectAll('s')
        .select(['m.name as medication_name', 'p.name as pet_name'])
        .where('s.next_slot_at', 'is not', null)
        .where('s.next_slot_at', '<=', iso(nowMs))
        .orderBy('s.next_slot_at')
        .limit(BATCH)
        .execute();
      const zones = await this.deps.settings.timeZonesOf(rows.map((r) => r.user_id));
      for (const row of rows) sent += await this.remindSchedule(row, zones.get(row.user_id)!, nowMs);
      if (rows.length < BATCH) return sent;
    }
  }

  private async remindSchedule(
    row: repo.ScheduleRow & { medication_name: string; pet_name: string },
    zone: string,
    nowMs: number,
  ): Promise<number> {
    const window = repo.windowOf(row);
    const from = new Date(row.next_slot_at!).getTime();
    const next = repo.nextSlotFrom(window, zone, nowMs + 1);
    // Claim the range [from, now]: a parallel sweep that read the same next_slot_at updates nothing.
    const claimed = await this.deps.db
      .updateTable('medication_schedule')
      .set({ next_slot_at: next === null ? null : iso(next) })
      .where('med_id', '=', row.med_id)
      .where('next_slot_at', '=', row.next_slot_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return 0;
    let sent = 0;
    for (const slot of expandSchedule(window, zone, from, nowMs + 1)) {
      if (nowMs - slot > STALE_MS) continue;
      const confirmed = await this.deps.db
        .selectFrom('dose_log')
        .select('id')
        .where('med_id', '=', row.med_id)
        .where('slot', '=', iso(slot))
        .executeTakeFirst();
      if (confirmed) continue;
      const inserted = await this.deps.db
        .insertInto('dose_reminder')
        .values({
          med_id: row.med_id,
          slot: iso(slot),
          sent_at: iso(nowMs),
          // The repeats are per recipient (dose_reminder_repeat).
          repeat_at: null,
          repeated_at: null,
        })
        .onConflict((oc) => oc.columns(['med_id', 'slot']).doNothing())
        .returning('med_id')
        .executeTakeFirst();
      if (!inserted) continue;
      await this.sendDose(row, iso(slot), slot);
      sent += 1;
    }
    return sent;
  }

  private async sendDose(
    row: Pick<repo.ScheduleRow, 'med_id' | 'pet_id' | 'user_id' | 'dose_amount' | 'dose_unit'> & {
      medication_name: string;
      pet_name: string;
    },
    slot: string,
    slotMs: number,
  ): Promise<void> {
    for (const recipientId of await this.recipientsOf(row.pet_id, row.user_id)) {
      await this.sendDoseTo(recipientId, row, slot, false);
      // The missed-dose repeat after this person's own delay (0: none).
      const minutes = (await this.deps.settings.get(recipientId)).missed_dose_repeat_minutes;
      if (minutes <= 0) continue;
      await this.deps.db
        .insertInto('dose_reminder_repeat')
        .values({
          med_id: row.med_id,
          slot,
          user_id: recipientId,
          repeat_at: iso(slotMs + minutes * 60_000),
          repeated_at: null,
        })
        .onConflict((oc) => oc.columns(['med_id', 'slot', 'user_id']).doNothing())
        .execute();
    }
  }

  private sendDoseTo(
    recipientId: string,
    row: Pick<repo.ScheduleRow, 'dose_amount' | 'dose_unit'> & {
      medication_name: string;
      pet_name: string;
    },
    slot: string,
    repeat: boolean,
  ): Promise<void> {
    const reminder = {
      petName: row.pet_name,
      medicationName: row.medication_name,
      amount: row.dose_amount,
      unit: row.dose_unit as DoseUnit,
      slot,
      repeat,
    };
    return this.deliver(
      recipientId,
      'doses',
      repeat ? CARE_MAIL_KINDS.doseRepeat : CARE_MAIL_KINDS.dose,
      (base) => ({
        mail: renderDoseReminderMail({ ...base, ...reminder }),
        push: doseReminderPush({ ...base, ...reminder }),
      }),
    );
  }

  /**
   * The missed-dose repeats due now: one per recipient and slot (dose_reminder_repeat, due at the
   * slot + that person's missed_dose_repeat_minutes), while the dose is unconfirmed and the person
   * still gets the pet's reminders. The owner's repeat also writes the in-app notice.
   */
  private async repeats(nowMs: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.deps.db
        .selectFrom('dose_reminder_repeat as r')
        .innerJoin('medication_schedule as s', 's.med_id', 'r.med_id')
        .innerJoin('medical_record as m', 'm.id', 's.med_id')
        .innerJoin('pet as p', 'p.id', 's.pet_id')
        .select(['r.med_id', 'r.slot', 'r.user_id as recipient_id', 'r.repeat_at'])
        .select(['s.pet_id', 's.user_id', 's.dose_amount', 's.dose_unit'])
        .select(['m.name as medication_name', 'p.name as pet_name'])
        .where('r.repeat_at', 'is not', null)
        .where('r.repeat_at', '<=', iso(nowMs))
        .orderBy('r.repeat_at')
        .limit(BATCH)
        .execute();
      for (const row of rows) {
        const claimed = await this.deps.db
          .updateTable('dose_reminder_repeat')
          .set({ repeat_at: null, repeated_at: iso(nowMs) })
          .where('med_id', '=', row.med_id)
          .where('slot', '=', row.slot)
          .where('user_id', '=', row.recipient_id)
          .where('repeat_at', '=', row.repeat_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) continue;
        const confirmed = await this.deps.db
          .selectFrom('dose_log')
          .select('id')
          .where('med_id', '=', row.med_id)
          .where('slot', '=', row.slot)
          .executeTakeFirst();
        if (confirmed) continue;
        // A share ended (or its reminders were switched off) since the first reminder: no repeat.
        if (!(await this.recipientsOf(row.pet_id, row.user_id)).includes(row.recipient_id)) continue;
        await this.sendDoseTo(row.recipient_id, row, row.slot, true);
        if (row.recipient_id === row.user_id) {
          // In the app too: the owner sees the missed dose among the notices.
          await repo.insertNotice(this.deps.db, {
            userId: row.user_id,
            petId: row.pet_id,
            kind: 'dose_missed',
            params: { medication_name: row.medication_name, slot: row.slot, pet_name: row.pet_name },
            at: iso(nowMs),
          });
        }
        sent += 1;
      }
      if (rows.length < BATCH) return sent;
    }
  }

  /** Vaccination reminders at VACCINATION_REMINDER_OFFSETS_DAYS, unless recorded as done. */
  private async vaccinations(nowMs: number): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await this.deps.db
        .selectFrom('vaccination_due as v')
        .innerJoin('pet as p', 'p.id', 'v.pet_id')
        .selectAll('v')
        .select('p.name as pet_name')
        .where('v.next_reminder_at', 'is not', null)
        .where('v.next_reminder_at', '<=', iso(nowMs))
        .orderBy('v.next_reminder_at')
        .limit(BATCH)
        .execute();
      const zones = await this.deps.settings.timeZonesOf(rows.map((r) => r.user_id));
      for (const row of rows) {
        const next = nextVaccinationReminder(
          row.due_on,
          zones.get(row.user_id)!,
          nowMs,
          row.reminders_sent + 1,
        );
        const claimed = await this.deps.db
          .updateTable('vaccination_due')
          .set({
            reminders_sent: next ? next.index : VACCINATION_REMINDER_OFFSETS_DAYS.length,
            next_reminder_at: next ? next.at : null,
          })
          .where('id', '=', row.id)
          .where('next_reminder_at', '=', row.next_reminder_at)
          .where('done_on', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) continue;
        const reminder = {
          petId: row.pet_id,
          petName: row.pet_name,
          vaccinationName: row.name,
          dueOn: row.due_on,
          offsetDays: VACCINATION_REMINDER_OFFSETS_DAYS[row.reminders_sent]!,
        };
        for (const recipientId of await this.recipientsOf(row.pet_id, row.user_id)) {
          await this.deliver(recipientId, 'vaccinations', CARE_MAIL_KINDS.vaccination, (base) => ({
            mail: renderVaccinationMail({ ...base, ...reminder }),
            push: vaccinationPush({ ...base, ...reminder }),
          }));
        }
        sent += 1;
      }
      if (rows.length < BATCH) return sent;
    }
  }

  /** The stock-low warning of one medication to one person (the job scheduled by the dose). */
  async sendStockWarning(medId: string, recipientId: string, daysLeft: number): Promise<void> {
    const row = await this.deps.db
      .selectFrom('medication_schedule as s')
      .innerJoin('medical_record as m', 'm.id', 's.med_id')
      .innerJoin('pet as p', 'p.id', 's.pet_id')
      .select(['s.stock_units', 's.dose_unit', 'm.name as medication_name', 'p.name as pet_name'])
      .where('s.med_id', '=', medId)
      .executeTakeFirst();
    if (!row) return;
    const warning = {
      petName: row.pet_name,
      medicationName: row.medication_name,
      daysLeft,
      stockUnits: row.stock_units ?? 0,
      unit: row.dose_unit as DoseUnit,
    };
    await this.deliver(recipientId, 'stock', CARE_MAIL_KINDS.stock, (base) => ({
      mail: renderStockLowMail({ ...base, ...warning }),
      push: stockLowPush({ ...base, ...warning }),
    }));
  }
}
