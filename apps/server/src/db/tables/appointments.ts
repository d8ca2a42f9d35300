import type { IsoTimestamp } from '../schema.ts';

/**
 * Appointments with an optional reminder (pet-data section 3). Dates are dd.MM.yyyy and times HH:mm
 * as sent; pet_name is not stored (answers carry the pet's current name).
 */
export interface AppointmentTable {
  id: string;
  /** References pet(id) ON DELETE CASCADE: deleting the pet removes its appointments. */
  pet_id: string;
  user_id: string;
  address: string | null;
  city: string | null;
  country: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  /** Examination | Vaccination | Surgery | Deworming (the English value); fixed at creation. */
  appointment_type: string;
  reason: string;
  appointment_date: string;
  appointment_time: string;
  medication: string | null;
  comments: string | null;
  vet_name: string | null;
  /** Kept for appointment_type Vaccination only. */
  vaccination_type: string | null;
  reminder_date: string | null;
  reminder_time: string | null;
  /** The browser's UTC offset in hours when the appointment was added (e.g. 1 for CET). */
  reminder_time_zone: number;
  /** The pending (or last) reminder job; null when no reminder is scheduled. */
  job_id: string | null;
  /** The reminder job whose mail went out: a job that runs again does not send twice. */
  reminder_sent_job_id: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Who wrote it (issue 35: a carer may change only their own); null: the owner, before sharing. */
  created_by: string | null;
}

export interface AppointmentTables {
  appointment: AppointmentTable;
}
