import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  appointmentDateNotInPast,
  appointmentTimeZoneOf,
  appointmentTypeLabel,
  ddMmYyyySortKey,
  mergeSentFields,
  normalizeAppointmentType,
  parseDdMmYyyy,
  toAppointmentListItem,
  todayAtOffset,
  VACCINATION_APPOINTMENT_TYPE,
  type Appointment,
  type AppointmentCreateBody,
  type AppointmentListItem,
  type AppointmentType,
  type AppointmentUpdateBody,
  type BrandConfig,
  type CareSettings,
  getsReminders,
  localDayOf,
  localTimeOf,
  type ShareRole,
  type UiLanguage,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { defineJob, type JobQueue, type JobRow } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PushSender } from '../../platform/push/push-sender.ts';
import { APPOINTMENT_REMINDER_MAIL, renderAppointmentReminder } from '../../platform/mail/templates.ts';
import { assertAppointmentsAllowed } from '../plans/plan-limits.ts';
import { refuseUnless, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './appointments.repo.ts';
import { appointmentPush, type RecipientTime } from './appointment-reminder-push.ts';

/**
 * The durable job that mails an appointment's reminder to the pet's owner and to the members whose
 * share is active when it runs and whose role gets reminders (a carer when the owner chose so).
 */
export const APPOINTMENT_REMINDER_JOB = 'appointment.reminder';

const reminderPayload = z.object({
  appointmentId: z.string(),
  /** Also lets the account purge find the job (it removes jobs naming the user). */
  userId: z.string(),
  /** The reminder instant (ISO, UTC) the job was scheduled for. */
  runAt: z.string(),
});
export type ReminderPayload = z.infer<typeof reminderPayload>;
/** The reminder's typed kind (the name stays exported on its own: the tests read it). */
export const APPOINTMENT_REMINDER = defineJob(APPOINTMENT_REMINDER_JOB, reminderPayload);

export interface AppointmentsServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The user's mail language, as the identity mails pick it (stored language). */
  language: (userId: string) => Promise<UiLanguage | null>;
  /** The user's brand by partner id, and the origin links of that brand point at. */
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  now?: () => Date;
  access: PetAccessPolicy;
  /**
   * Each recipient's reminder choices and time zone (modules/care's CareSettingsStore); without it
   * reminders go by mail and show the appointment's own time only.
   */
  settings?: { get(userId: string): Promise<Pick<CareSettings, 'time_zone' | 'appointments'>> };
  /** Web push (the sender the care reminders use); null/absent: mail only. */
  push?: PushSender | null;
}

const appointmentNotFound = () => notFound('Appointment not found');
/** An appointment as the activity log names it: its type and day, never its content. */
const appointmentLabel = (row: { appointment_type: string; appointment_date: string }) =>
  `${row.appointment_type} ${row.appointment_date}`;

const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/**
 * The UTC instant of reminder_date + reminder_time at the browser's UTC offset (hours): 10:00 at
 * offset 1 is 09:00 UTC. Null when either part is missing or malformed.
 */
export function reminderInstant(
  date: string | null | undefined,
  time: string | null | undefined,
  offsetHours: number,
): Date | null {
  const day = date ? parseDdMmYyyy(date) : null;
  const match = time ? /^(\d{2}):(\d{2})$/.exec(time) : null;
  if (!day || !match) return null;
  const utc = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), Number(match[1]), Number(match[2]));
  return new Date(utc - offsetHours * 3_600_000);
}

export const reminderDedupeKey = (apptId: string, runAt: Date) =>
  `appointment-reminder:${apptId}:${runAt.toISOString()}`;

function toAppointment(row: repo.AppointmentRow): Appointment {
  return {
    id: row.id,
    pet_id: row.pet_id,
    pet_name: row.pet_name,
    user_id: row.user_id,
    job_id: row.job_id,
    created_at: row.created_at,
    address: row.address,
    city: row.city,
    country: row.country,
    zip: row.zip,
    phone: row.phone,
    email: row.email,
    appointment_type: row.appointment_type as AppointmentType,
    reason: row.reason,
    appointment_date: row.appointment_date,
    appointment_time: row.appointment_time,
    medication: row.medication,
    comments: row.comments,
    vet_name: row.vet_name,
    vaccination_type: row.vaccination_type,
    reminder_date: row.reminder_date,
    reminder_time: row.reminder_time,
    reminder_time_zone: Number(row.reminder_time_zone),
  };
}

/** By appointment date and time ascending (the web splits upcoming and passed), then as added. */
function byDateAndTime(a: repo.AppointmentRow, b: repo.AppointmentRow): number {
  return (
    ddMmYyyySortKey(a.appointment_date) - ddMmYyyySortKey(b.appointment_date) ||
    a.appointment_time.localeCompare(b.appointment_time) ||
    a.created_at.localeCompare(b.created_at) ||
    a.id.localeCompare(b.id)
  );
}

type AppointmentFields = Required<
  Pick<AppointmentUpdateBody, 'reason' | 'appointment_date' | 'appointment_time'>
> &
  AppointmentUpdateBody;

/** The columns of a body; blank optional texts are null, vaccination_type only for Vaccination. */
function appointmentValues(appointmentType: string, body: AppointmentFields): repo.AppointmentValues {
  return {
    address: blank(body.address),
    city: blank(body.city),
    country: blank(body.country),
    zip: blank(body.zip),
    phone: blank(body.phone),
    email: blank(body.email),
    reason: body.reason.trim(),
    appointment_date: body.appointment_date.trim(),
    appointment_time: body.appointment_time.trim(),
    medication: blank(body.medication),
    comments: blank(body.comments),
    vet_name: blank(body.vet_name),
    vaccination_type: appointmentType === VACCINATION_APPOINTMENT_TYPE ? blank(body.vaccination_type) : null,
    reminder_date: blank(body.reminder_date),
    reminder_time: blank(body.reminder_time),
  };
}

export class AppointmentsService {
  private readonly now: () => Date;

  constructor(private readonly deps: AppointmentsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /** An appointment by id, once the caller's access to it was checked. */
  private async appointmentById(apptId: string): Promise<Appointment> {
    const row = await repo.findAppointment(this.deps.db, apptId);
    if (!row) throw appointmentNotFound();
    return toAppointment(row);
  }

  /**
   * An appointment the caller may read (owner or a member of its pet now; every role reads
   * appointments), with its pet's name: GET /v1/appointment/ics.
   */
  async readableRow(userId: string, apptId: string): Promise<repo.AppointmentRow> {
    const check = { action: 'read', resource: 'appointment' } as const;
    await this.deps.access.requireRow(userId, 'appointment', apptId, check, appointmentNotFound);
    const row = await repo.findAppointment(this.deps.db, apptId);
    if (!row) throw appointmentNotFound();
    return row;
  }

  /**
   * The appointments of the user's own pets and of the pets shared with them now, list form. Every
   * role may read a shared pet's appointments; another owner's other pets never appear.
   */
  async visibleRows(userId: string): Promise<repo.AppointmentRow[]> {
    const sharedPetIds = await this.deps.access.sharedPetIds(userId);
    return repo.listVisibleAppointments(this.deps.db, userId, sharedPetIds);
  }

  /** GET /v1/appointment/myappointments: every visible pet's (own and shared), list form. */
  async listAll(userId: string): Promise<AppointmentListItem[]> {
    const rows = await this.visibleRows(userId);
    return rows.sort(byDateAndTime).map((row) => toAppointmentListItem(toAppointment(row)));
  }

  /** GET /v1/appointment/mypetappointments?pet_id=: one pet's, list form; a pet without access is 404. */
  async listForPet(userId: string, petId: string): Promise<AppointmentListItem[]> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'appointment' });
    const rows = await repo.listPetAppointments(this.deps.db, petId);
    return rows.sort(byDateAndTime).map((row) => toAppointmentListItem(toAppointment(row)));
  }

  /**
   * Adds an appointment. After the owner check (another owner's pet is 404 whatever the plan), the
   * plan must allow appointments (Appointment_Limit_Reached_Message), checked in the insert's
   * transaction. A reminder still ahead is scheduled in the same transaction.
   */
  async create(userId: string, petId: string, body: AppointmentCreateBody): Promise<Appointment> {
    // German or English name in, the one canonical (English) value stored.
    const appointmentType = normalizeAppointmentType(body.appointment_type);
    if (!appointmentType) throw badRequest('Appointment_Type_Error', 'appointment_type');
    const values = appointmentValues(appointmentType, body);
    // Optional in the spec: without it, the default zone's offset on the appointment's own day (DST).
    const reminderTimeZone = appointmentTimeZoneOf(body);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.requireForInsert(trx, userId, petId, {
        action: 'create',
        resource: 'appointment',
      });
      const { ownerId } = access;
      // The owner's plan decides, whoever adds it.
      await assertAppointmentsAllowed(trx, this.deps.kind, ownerId);
      const apptId = await repo.insertAppointment(
        trx,
        {
          userId: ownerId,
          createdBy: userId,
          petId,
          appointmentType,
          reminderTimeZone,
        },
        values,
      );
      const runAt = reminderInstant(values.reminder_date, values.reminder_time, reminderTimeZone);
      if (runAt && runAt > this.now()) {
        await repo.setJobId(trx, apptId, await this.scheduleReminder(trx, ownerId, apptId, runAt));
      }
      const label = appointmentLabel({ appointment_type: appointmentType, ...values });
      await this.deps.access.logActivity(trx, access, 'created', 'appointment', apptId, label);
      return apptId;
    });
    return this.appointmentById(id);
  }

  /**
   * Replaces the fields (the type and the time zone stay those of the create). Allowed on every
   * plan. A changed reminder moves the job: the pending one is removed and a new one scheduled
   * (none when the reminder was removed or is already past); an unchanged one keeps its job.
   */
  async update(userId: string, apptId: string, body: AppointmentUpdateBody): Promise<Appointment> {
    await this.deps.db.transaction().execute(async (trx) => {
      // Read access first (a stranger's 404), the update check once the change is known.
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'appointment',
        apptId,
        { action: 'read', resource: 'appointment' },
        appointmentNotFound,
        { db: trx, lock: true },
      );
      const zone = Number(row.reminder_time_zone);
      // Moving it to a day before today (in the user's zone) is refused as the create refuses it.
      const date = body.appointment_date?.trim();
      if (
        date &&
        date !== row.appointment_date &&
        !appointmentDateNotInPast(todayAtOffset(zone, this.now())).check({ appointment_date: date })
      ) {
        throw badRequest('Date_In_Past_Error', 'appointment_date');
      }
      // Fields left out keep their stored values; null clears (the rule of every PUT).
      const values = appointmentValues(
        row.appointment_type,
        mergeSentFields<AppointmentFields>(toAppointment({ ...row, pet_name: '' }), body),
      );
      // A carer may add a note (the comments) to any appointment, and change nothing else.
      const stored = appointmentValues(row.appointment_type, toAppointment({ ...row, pet_name: '' }));
      const noteOnly = (Object.keys(values) as Array<keyof typeof values>).every(
        (field) => field === 'comments' || values[field] === stored[field],
      );
      refuseUnless(access, {
        action: 'update',
        resource: 'appointment',
        entry: { createdBy: row.created_by },
        noteOnly,
      });
      await repo.updateAppointment(trx, apptId, values);
      await this.deps.access.logActivity(
        trx,
        access,
        'updated',
        'appointment',
        apptId,
        appointmentLabel(row),
      );

      const before = reminderInstant(row.reminder_date, row.reminder_time, zone);
      const after = reminderInstant(values.reminder_date, values.reminder_time, zone);
      if (row.job_id && before && after && before.getTime() === after.getTime()) return;
      await repo.cancelReminderJob(trx, row.job_id);
      const jobId =
        after && after > this.now() ? await this.scheduleReminder(trx, access.ownerId, apptId, after) : null;
      await repo.setJobId(trx, apptId, jobId);
    });
    return this.appointmentById(apptId);
  }

  /** Deletes the appointment and its pending reminder. Allowed on every plan. */
  async delete(userId: string, apptId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'appointment',
        apptId,
        { action: 'delete', resource: 'appointment' },
        appointmentNotFound,
        { db: trx, lock: true },
      );
      await repo.cancelReminderJob(trx, row.job_id);
      await repo.deleteAppointment(trx, apptId);
      await this.deps.access.logActivity(
        trx,
        access,
        'deleted',
        'appointment',
        apptId,
        appointmentLabel(row),
      );
    });
  }

  private scheduleReminder(
    trx: Parameters<typeof repo.setJobId>[0],
    userId: string,
    apptId: string,
    runAt: Date,
  ): Promise<string> {
    const payload: ReminderPayload = { appointmentId: apptId, userId, runAt: runAt.toISOString() };
    return this.deps.jobs.schedule(APPOINTMENT_REMINDER, payload, {
      trx,
      runAt,
      dedupeKey: reminderDedupeKey(apptId, runAt),
    });
  }

  /**
   * The reminder job. Idempotent: nothing happens when the appointment is gone, its reminder was
   * moved or removed (the appointment no longer points at this job), the owner is gone or deleting
   * the account, or this job's mail already went out.
   */
  async sendReminder({ appointmentId, userId }: ReminderPayload, job: JobRow): Promise<void> {
    const { db } = this.deps;
    const row = await repo.findAppointment(db, appointmentId);
    if (!row || row.user_id !== userId || row.job_id !== job.id || row.reminder_sent_job_id === job.id)
      return;
    const owner = await repo.findRecipient(db, userId);
    if (!owner || owner.deletion_requested_at) return;
    // The members whose share is active at send time and whose role gets reminders.
    const members = await this.deps.access.membersOf(row.pet_id);
    const recipients = [{ id: userId, ...owner }];
    for (const member of members) {
      if (!getsReminders(member.role as ShareRole, member.reminders)) continue;
      const recipient = await repo.findRecipient(db, member.memberId);
      if (recipient && !recipient.deletion_requested_at)
        recipients.push({ id: member.memberId, ...recipient });
    }
    for (const recipient of recipients) await this.remind(row, recipient);
    await repo.markReminderSent(db, appointmentId, job.id);
  }

  /**
   * One reminder by the channels the recipient chose for appointments (care settings): push when
   * chosen and wired; mail when chosen, or when push was chosen but reached no device.
   */
  private async remind(
    row: repo.AppointmentRow,
    recipient: { id: string; email: string; name: string; partner_id: string },
  ): Promise<void> {
    const settings = this.deps.settings ? await this.deps.settings.get(recipient.id) : null;
    const channels = settings?.appointments ?? { mail: true, push: false };
    const language = (await this.deps.language(recipient.id)) ?? 'de';
    const brand = this.deps.brandForPartner(recipient.partner_id);
    const typeLabel = appointmentTypeLabel(row.appointment_type as AppointmentType, language);
    const recipientTime = settings ? timeInZone(row, settings.time_zone) : null;
    let pushed = false;
    if (channels.push && this.deps.push) {
      try {
        const message = appointmentPush(row, typeLabel, language, recipientTime);
        pushed = (await this.deps.push.sendToUser(recipient.id, message)).delivered > 0;
      } catch (err) {
        this.deps.log.warn({ err, recipientId: recipient.id }, 'appointment reminder: push failed, mailing');
      }
    }
    if (channels.mail || (channels.push && !pushed)) {
      await this.mailReminder(row, recipient, { language, brand, typeLabel, recipientTime });
    }
  }

  /** One reminder mail, in the recipient's language and brand. */
  private async mailReminder(
    row: repo.AppointmentRow,
    recipient: { id: string; email: string; name: string; partner_id: string },
    context: {
      language: UiLanguage;
      brand: BrandConfig;
      typeLabel: string;
      recipientTime: RecipientTime | null;
    },
  ): Promise<void> {
    const { language, brand } = context;
    const address = [row.address, [row.zip, row.city].filter(Boolean).join(' '), row.country]
      .filter((part) => part && part.trim() !== '')
      .join(', ');
    const mail = renderAppointmentReminder({
      brand,
      language,
      origin: this.deps.originForBrand(brand),
      name: recipient.name,
      pet: { id: row.pet_id, name: row.pet_name },
      appointmentTypeLabel: context.typeLabel,
      date: row.appointment_date,
      time: row.appointment_time,
      recipientTime:
        context.recipientTime && !context.recipientTime.same
          ? {
              date: context.recipientTime.date,
              time: context.recipientTime.time,
              zone: context.recipientTime.zone,
            }
          : null,
      reason: row.reason,
      vetName: row.vet_name,
      address: address || null,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...mail,
      kind: APPOINTMENT_REMINDER_MAIL,
      partnerId: brand.partnerId,
    });
  }
}

/**
 * The appointment's instant (its date and time at the stored UTC offset of its creator's browser)
 * as the wall clock of `zone` shows it; null when the stored date or time is malformed.
 */
export function timeInZone(
  row: Pick<repo.AppointmentRow, 'appointment_date' | 'appointment_time' | 'reminder_time_zone'>,
  zone: string,
): RecipientTime | null {
  const instant = reminderInstant(row.appointment_date, row.appointment_time, Number(row.reminder_time_zone));
  if (!instant) return null;
  const [y, m, d] = localDayOf(instant, zone).split('-');
  const date = `${d}.${m}.${y}`;
  const time = localTimeOf(instant, zone);
  return { date, time, zone, same: date === row.appointment_date && time === row.appointment_time };
}
