import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  expandSchedule,
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
import * as repo from './care.repo.ts';
import { CareRecipients, chunks, type Recipient } from './care.recipients.ts';
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
  /** Languages of many users at once (the sweep); without it `language` is asked per person. */
  languages?: (userIds: string[]) => Promise<Map<string, UiLanguage>>;
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
  private readonly people: CareRecipients;

  constructor(private readonly deps: CareRemindersDeps) {
    this.people = new CareRecipients(deps);
  }

  async sweep(): Promise<{ doses: number; repeats: number; vaccinations: number }> {
    const nowMs = this.deps.clock.now().getTime();
    return {
      doses: await this.dueDoses(nowMs),
      repeats: await this.repeats(nowMs),
      vaccinations: await this.vaccinations(nowMs),
    };
  }

  /**
   * Sends one reminder to a person by the channels they chose for its kind: push when chosen and
   * wired; mail when chosen, or when push was chosen but reached no device (mail always works).
   */
  private async deliver(
    recipientId: string,
    recipient: Recipient | undefined,
    kind: ReminderKind,
    mailKind: string,
    render: (base: CareMailBase) => { mail: RenderedMail; push: PushMessage },
  ): Promise<void> {
    // No such person (gone): nothing to send.
    if (!recipient) return;
    const { person, settings, language } = recipient;
    const brand = this.deps.brandForPartner(person.partnerId ?? '');
    const { mail, push } = render({
      brand,
      language,
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

  /**
   * One batch of due schedules at a time: the claims (next_slot_at moved on by a conditional
   * update, then a dose_reminder row per slot, whose primary key a parallel sweep cannot insert
   * again) in one transaction, then the batch's members, persons, settings and languages in one
   * query per kind, then the sends. Only doses this run inserted are sent.
   */
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
      const doses = await this.claimDoses(rows, zones, nowMs);
      sent += await this.sendDoses(doses, nowMs);
      if (rows.length < BATCH) return sent;
    }
  }

  /** Claims the batch's rows and slots; answers the doses this run owns (to be sent). */
  private async claimDoses<R extends repo.ScheduleRow>(
    rows: R[],
    zones: Map<string, string>,
    nowMs: number,
  ): Promise<Array<{ row: R; slot: string; slotMs: number }>> {
    if (rows.length === 0) return [];
    return this.deps.db.transaction().execute(async (trx) => {
      const candidates: Array<{ row: R; slot: string; slotMs: number }> = [];
      for (const row of rows) {
        const zone = zones.get(row.user_id)!;
        const window = repo.windowOf(row);
        const from = new Date(row.next_slot_at!).getTime();
        const next = repo.nextSlotFrom(window, zone, nowMs + 1);
        // Claim the range [from, now]: a parallel sweep that read the same next_slot_at updates nothing.
        const claimed = await trx
          .updateTable('medication_schedule')
          .set({ next_slot_at: next === null ? null : iso(next) })
          .where('med_id', '=', row.med_id)
          .where('next_slot_at', '=', row.next_slot_at)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) continue;
        for (const slot of expandSchedule(window, zone, from, nowMs + 1)) {
          if (nowMs - slot > STALE_MS) continue;
          candidates.push({ row, slot: iso(slot), slotMs: slot });
        }
      }
      if (candidates.length === 0) return [];
      // Doses already confirmed get no reminder: one query for the batch.
      const confirmed = new Set<string>();
      const minSlot = candidates.reduce((m, c) => (c.slot < m ? c.slot : m), candidates[0]!.slot);
      for (const ids of chunks([...new Set(candidates.map((c) => c.row.med_id))])) {
        const logged = await trx
          .selectFrom('dose_log')
          .select(['med_id', 'slot'])
          .where('med_id', 'in', ids)
          .where('slot', '>=', minSlot)
          .where('slot', '<=', iso(nowMs))
          .execute();
        for (const l of logged) confirmed.add(`${l.med_id}|${l.slot}`);
      }
      const open = candidates.filter((c) => !confirmed.has(`${c.row.med_id}|${c.slot}`));
      // The dose_reminder primary key is the per-dose claim: only the rows inserted here are ours.
      const ours = new Set<string>();
      for (const part of chunks(open)) {
        const inserted = await trx
          .insertInto('dose_reminder')
          .values(
            part.map((c) => ({
              med_id: c.row.med_id,
              slot: c.slot,
              sent_at: iso(nowMs),
              // The repeats are per recipient (dose_reminder_repeat).
              repeat_at: null,
              repeated_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['med_id', 'slot']).doNothing())
          .returning(['med_id', 'slot'])
          .execute();
        for (const r of inserted) ours.add(`${r.med_id}|${r.slot}`);
      }
      return open.filter((c) => ours.has(`${c.row.med_id}|${c.slot}`));
    });
  }

  private async sendDoses(
    doses: Array<{
      row: Pick<repo.ScheduleRow, 'med_id' | 'pet_id' | 'user_id' | 'dose_amount' | 'dose_unit'> & {
        medication_name: string;
        pet_name: string;
      };
      slot: string;
      slotMs: number;
    }>,
    nowMs: number,
  ): Promise<number> {
    if (doses.length === 0) return 0;
    void nowMs;
    const members = await this.people.membersOfPets(doses.map((d) => d.row.pet_id));
    const recipientsByDose = doses.map((d) => this.people.recipientsOf(d.row.pet_id, d.row.user_id, members));
    const recipients = await this.people.load(recipientsByDose.flat());
    const repeats: Array<{
      med_id: string;
      slot: string;
      user_id: string;
      repeat_at: string;
      repeated_at: null;
    }> = [];
    // The missed-dose repeats (each person's own delay; 0: none) are written before anything is
    // sent: a process that dies while sending still repeats what it had claimed.
    for (const [i, { row, slot, slotMs }] of doses.entries()) {
      for (const recipientId of recipientsByDose[i]!) {
        const recipient = recipients.get(recipientId);
        const minutes = recipient
          ? recipient.settings.missed_dose_repeat_minutes
          : (await this.deps.settings.get(recipientId)).missed_dose_repeat_minutes;
        if (minutes <= 0) continue;
        repeats.push({
          med_id: row.med_id,
          slot,
          user_id: recipientId,
          repeat_at: iso(slotMs + minutes * 60_000),
          repeated_at: null,
        });
      }
    }
    for (const part of chunks(repeats)) {
      await this.deps.db
        .insertInto('dose_reminder_repeat')
        .values(part)
        .onConflict((oc) => oc.columns(['med_id', 'slot', 'user_id']).doNothing())
        .execute();
    }
    let sent = 0;
    for (const [i, { row, slot }] of doses.entries()) {
      for (const recipientId of recipientsByDose[i]!) {
        await this.sendDoseTo(recipientId, recipients.get(recipientId), row, slot, false);
      }
      sent += 1;
    }
    return sent;
  }

  private sendDoseTo(
    recipientId: string,
    recipient: Recipient | undefined,
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
      recipient,
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
      // Claim every row first (one transaction of conditional updates): a parallel sweep that
      // read the same repeat_at updates nothing and sends nothing.
      const claimed =
        rows.length === 0
          ? []
          : await this.deps.db.transaction().execute(async (trx) => {
              const ours: typeof rows = [];
              for (const row of rows) {
                const res = await trx
                  .updateTable('dose_reminder_repeat')
                  .set({ repeat_at: null, repeated_at: iso(nowMs) })
                  .where('med_id', '=', row.med_id)
                  .where('slot', '=', row.slot)
                  .where('user_id', '=', row.recipient_id)
                  .where('repeat_at', '=', row.repeat_at)
                  .executeTakeFirst();
                if (Number(res.numUpdatedRows) > 0) ours.push(row);
              }
              return ours;
            });
      // Confirmed doses get no repeat: one query for the batch.
      const confirmed = new Set<string>();
      for (const part of chunks(claimed)) {
        const logged = await this.deps.db
          .selectFrom('dose_log')
          .select(['med_id', 'slot'])
          .where('med_id', 'in', [...new Set(part.map((r) => r.med_id))])
          .where('slot', 'in', [...new Set(part.map((r) => r.slot))])
          .execute();
        for (const l of logged) confirmed.add(`${l.med_id}|${l.slot}`);
      }
      const open = claimed.filter((r) => !confirmed.has(`${r.med_id}|${r.slot}`));
      const members = await this.people.membersOfPets(open.map((r) => r.pet_id));
      const recipients = await this.people.load(open.map((r) => r.recipient_id));
      const notices: Array<Parameters<typeof repo.insertNotice>[1]> = [];
      try {
        for (const row of open) {
          // A share ended (or its reminders were switched off) since the first reminder: no repeat.
          if (!this.people.recipientsOf(row.pet_id, row.user_id, members).includes(row.recipient_id))
            continue;
          await this.sendDoseTo(row.recipient_id, recipients.get(row.recipient_id), row, row.slot, true);
          if (row.recipient_id === row.user_id) {
            // In the app too: the owner sees the missed dose among the notices.
            notices.push({
              userId: row.user_id,
              petId: row.pet_id,
              kind: 'dose_missed',
              params: { medication_name: row.medication_name, slot: row.slot, pet_name: row.pet_name },
              at: iso(nowMs),
            });
          }
          sent += 1;
        }
      } finally {
        // The notices of what was sent, also when a send failed midway.
        await repo.insertNotices(this.deps.db, notices);
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
      const members = await this.people.membersOfPets(rows.map((r) => r.pet_id));
      const recipientsByRow = rows.map((r) => this.people.recipientsOf(r.pet_id, r.user_id, members));
      const recipients = await this.people.load(recipientsByRow.flat());
      for (const [i, row] of rows.entries()) {
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
        for (const recipientId of recipientsByRow[i]!) {
          await this.deliver(
            recipientId,
            recipients.get(recipientId),
            'vaccinations',
            CARE_MAIL_KINDS.vaccination,
            (base) => ({
              mail: renderVaccinationMail({ ...base, ...reminder }),
              push: vaccinationPush({ ...base, ...reminder }),
            }),
          );
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
    const recipients = await this.people.load([recipientId]);
    await this.deliver(recipientId, recipients.get(recipientId), 'stock', CARE_MAIL_KINDS.stock, (base) => ({
      mail: renderStockLowMail({ ...base, ...warning }),
      push: stockLowPush({ ...base, ...warning }),
    }));
  }
}
