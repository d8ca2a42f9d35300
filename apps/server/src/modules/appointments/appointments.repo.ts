import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { AppointmentTable } from '../../db/tables/appointments.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored appointment with the pet's current name. */
export type AppointmentRow = Selectable<AppointmentTable> & { pet_name: string };

/** The columns a request sets (PUT keeps the type and the time zone of the create). */
export type AppointmentValues = Omit<
  AppointmentTable,
  | 'id'
  | 'pet_id'
  | 'user_id'
  | 'appointment_type'
  | 'reminder_time_zone'
  | 'job_id'
  | 'reminder_sent_job_id'
  | 'created_at'
  | 'created_by'
  | 'updated_at'
>;

function withPetName(db: Db) {
  return db
    .selectFrom('appointment')
    .innerJoin('pet', 'pet.id', 'appointment.pet_id')
    .selectAll('appointment')
    .select('pet.name as pet_name');
}

/** The appointment by id alone: once the caller's access was checked, or for the reminder job. */
export async function findAppointment(db: Db, apptId: string): Promise<AppointmentRow | undefined> {
  return withPetName(db).where('appointment.id', '=', apptId).executeTakeFirst();
}

/** One pet's appointments (the service checked access and sorts them by date and time). */
export async function listPetAppointments(db: Db, petId: string): Promise<AppointmentRow[]> {
  return withPetName(db)
    .where('appointment.pet_id', '=', petId)
    .orderBy('appointment.created_at')
    .orderBy('appointment.id')
    .execute();
}

/**
 * The appointments of the user's own pets and of `sharedPetIds` (the pets shared with them now,
 * from the access policy): an owner's list and a member's never mix in another owner's other pets.
 */
export async function listVisibleAppointments(
  db: Db,
  userId: string,
  sharedPetIds: readonly string[],
): Promise<AppointmentRow[]> {
  return withPetName(db)
    .where((eb) =>
      sharedPetIds.length === 0
        ? eb('pet.user_id', '=', userId)
        : eb.or([eb('pet.user_id', '=', userId), eb('appointment.pet_id', 'in', sharedPetIds)]),
    )
    .orderBy('appointment.created_at')
    .orderBy('appointment.id')
    .execute();
}

export async function insertAppointment(
  trx: Transaction<Database>,
  row: {
    userId: string;
    createdBy: string;
    petId: string;
    appointmentType: string;
    reminderTimeZone: number;
  },
  values: AppointmentValues,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('appointment')
    .values({
      id,
      pet_id: row.petId,
      user_id: row.userId,
      created_by: row.createdBy,
      appointment_type: row.appointmentType,
      reminder_time_zone: row.reminderTimeZone,
      ...values,
      job_id: null,
      reminder_sent_job_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** After the caller's access to the appointment was checked. */
export async function updateAppointment(
  trx: Transaction<Database>,
  apptId: string,
  values: AppointmentValues,
): Promise<void> {
  await trx
    .updateTable('appointment')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', apptId)
    .execute();
}

export async function setJobId(trx: Transaction<Database>, apptId: string, jobId: string | null) {
  await trx.updateTable('appointment').set({ job_id: jobId }).where('id', '=', apptId).execute();
}

export async function markReminderSent(db: Db, apptId: string, jobId: string) {
  await db.updateTable('appointment').set({ reminder_sent_job_id: jobId }).where('id', '=', apptId).execute();
}

/** After the caller's access to the appointment was checked. */
export async function deleteAppointment(trx: Transaction<Database>, apptId: string): Promise<void> {
  await trx.deleteFrom('appointment').where('id', '=', apptId).execute();
}

/** Removes a reminder job that has not started (a running one sees the change and sends nothing). */
export async function cancelReminderJob(trx: Transaction<Database>, jobId: string | null): Promise<void> {
  if (!jobId) return;
  await trx.deleteFrom('job').where('id', '=', jobId).where('status', '=', 'pending').execute();
}

/** Removes the pending reminder jobs of a pet's appointments (before the pet and its rows go). */
export async function cancelPetReminderJobs(trx: Transaction<Database>, petId: string): Promise<void> {
  await trx
    .deleteFrom('job')
    .where('status', '=', 'pending')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('appointment')
        .select('job_id')
        .where('pet_id', '=', petId)
        .where('job_id', 'is not', null)
        .$narrowType<{ job_id: string }>(),
    )
    .execute();
}

/** What the reminder mail needs of a recipient (the owner or a member): address, name, brand. */
export async function findRecipient(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select(['user.email', 'user.name', 'user_profile.partner_id', 'user_profile.deletion_requested_at'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}
