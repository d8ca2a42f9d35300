import type { Generated } from 'kysely';
import type { DbBool, IsoTimestamp } from '../schema.ts';

/**
 * Care plans (modules/care, issue 36). A medication record (medical_type medication) may have one
 * schedule; doses are confirmed once per slot (UNIQUE(med_id, slot)). Rows of a pet cascade with
 * it and keep `user_id` = the pet's owner.
 */
export interface MedicationScheduleTable {
  med_id: string;
  pet_id: string;
  user_id: string;
  /** The rule's kind (daily, every_hours, …). */
  kind: string;
  /** The ScheduleRule as JSON. */
  rule: string;
  dose_amount: number;
  dose_unit: string;
  starts_on: string;
  ends_on: string | null;
  stock_units: number | null;
  stock_warn_days: number | null;
  /** 1 once the stock-low warning went out; back to 0 when the stock rises above the line again. */
  stock_low_warned: Generated<DbBool>;
  /** The next slot the reminder sweep has not handled (UTC); null: none left. */
  next_slot_at: IsoTimestamp | null;
  created_by: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface DoseLogTable {
  id: string;
  med_id: string;
  pet_id: string;
  user_id: string;
  /** The slot (UTC); null: an "as needed" dose. */
  slot: IsoTimestamp | null;
  /** 'given' | 'skipped' */
  action: string;
  skip_reason: string | null;
  /** Units this dose took off the stock (an undo gives them back). */
  stock_taken: Generated<number>;
  confirmed_at: IsoTimestamp;
  /** Who confirmed it. */
  created_by: string | null;
}

/**
 * A slot's reminder was sent (once). Since 0117 the repeats are per recipient in
 * dose_reminder_repeat; `repeat_at` / `repeated_at` here stay null (kept for rows of before).
 */
export interface DoseReminderTable {
  med_id: string;
  slot: IsoTimestamp;
  sent_at: IsoTimestamp;
  repeat_at: IsoTimestamp | null;
  repeated_at: IsoTimestamp | null;
}

/**
 * The missed-dose repeat of one reminded slot to one recipient, due at `repeat_at` (slot + that
 * person's missed_dose_repeat_minutes); `repeated_at` once sent (or dropped: dose confirmed).
 */
export interface DoseReminderRepeatTable {
  med_id: string;
  slot: IsoTimestamp;
  user_id: string;
  repeat_at: IsoTimestamp | null;
  repeated_at: IsoTimestamp | null;
}

export interface VaccinationDueTable {
  id: string;
  pet_id: string;
  user_id: string;
  name: string;
  due_on: string;
  appointment_id: string | null;
  med_id: string | null;
  done_on: string | null;
  /** How many of VACCINATION_REMINDER_OFFSETS_DAYS have been handled. */
  reminders_sent: Generated<number>;
  next_reminder_at: IsoTimestamp | null;
  created_by: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface WeightGoalTable {
  pet_id: string;
  user_id: string;
  min_kg: number;
  max_kg: number;
  updated_at: IsoTimestamp;
}

export interface CareNoticeTable {
  id: string;
  /** Who sees it. */
  user_id: string;
  pet_id: string;
  kind: string;
  /** JSON object of the text's values. */
  params: string;
  created_at: IsoTimestamp;
  dismissed_at: IsoTimestamp | null;
}

export interface CareSettingsTable {
  user_id: string;
  /** JSON {doses, vaccinations, appointments, stock}: each {mail, push}. */
  channels: string;
  missed_dose_repeat_minutes: number;
  ical_doses: DbBool;
  updated_at: IsoTimestamp;
}

export interface CareTables {
  medication_schedule: MedicationScheduleTable;
  dose_log: DoseLogTable;
  dose_reminder: DoseReminderTable;
  dose_reminder_repeat: DoseReminderRepeatTable;
  vaccination_due: VaccinationDueTable;
  weight_goal: WeightGoalTable;
  care_notice: CareNoticeTable;
  care_settings: CareSettingsTable;
}
