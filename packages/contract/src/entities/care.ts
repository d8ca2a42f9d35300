import { z } from 'zod';
import { hhmmSchema, idSchema, optionalText, timestampSchema } from './common.ts';
import {
  CARE_KEYS,
  CARE_PATHS,
  DEFAULT_MISSED_DOSE_REPEAT_MINUTES,
  DEFAULT_STOCK_WARN_DAYS,
  DEFAULT_USER_TIME_ZONE,
  DOSE_STATES,
  DOSE_UNITS,
  NOTICE_KINDS,
  UNDO_WINDOW_MINUTES,
  VACCINATION_DUE_SOON_DAYS,
  VACCINATION_DUE_STATES,
  VACCINATION_REMINDER_OFFSETS_DAYS,
  WEIGHT_GOAL_OUTSIDE_IN_A_ROW,
} from '../care-constants.ts';

export {
  CARE_KEYS,
  CARE_PATHS,
  DEFAULT_MISSED_DOSE_REPEAT_MINUTES,
  DEFAULT_STOCK_WARN_DAYS,
  DEFAULT_USER_TIME_ZONE,
  DOSE_STATES,
  DOSE_UNITS,
  NOTICE_KINDS,
  UNDO_WINDOW_MINUTES,
  VACCINATION_DUE_SOON_DAYS,
  VACCINATION_DUE_STATES,
  VACCINATION_REMINDER_OFFSETS_DAYS,
  WEIGHT_GOAL_OUTSIDE_IN_A_ROW,
};
// A schedule is addressed by its medication: ?med_id= (medIdQuerySchema of ./medical.ts).

/**
 * Care plans (issue 36), an addition to the spec: medication schedules with a dose log, vaccinations
 * that come due, weight goals, each person's time zone and how their reminders reach them. Every
 * call is on the paid plans with the medical flag (free users get the spec's
 * Medical_Limit_Reached_Message); access to a pet's care data is the one pet-access rule
 * (../pet-access.ts, resource `care`).
 *
 * Days are ISO dates (yyyy-MM-dd) and times HH:mm, both in the pet's household time zone (the
 * owner's `time_zone`); instants are ISO 8601 UTC.
 */

/** A calendar day, yyyy-MM-dd. */
export const isoDaySchema = z
  .string('Date_Format_Error')
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Date_Format_Error')
  .refine((day) => {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'Date_Format_Error');

/** An IANA time zone the runtime knows ("Europe/Berlin"). */
export const timeZoneSchema = z
  .string('Care_Time_Zone_Error')
  .min(1, 'Care_Time_Zone_Error')
  .max(64, 'Care_Time_Zone_Error')
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Care_Time_Zone_Error');

export const doseUnitSchema = z.enum(DOSE_UNITS);
export type DoseUnit = z.infer<typeof doseUnitSchema>;

const timesSchema = z
  .array(hhmmSchema)
  .min(1, 'Care_Schedule_Error')
  .max(12, 'Care_Schedule_Error')
  .refine((times) => new Set(times).size === times.length, 'Care_Schedule_Error');

/**
 * When doses come due. ISO weekdays (1 Monday … 7 Sunday). `monthly` on a day the month lacks
 * (31st in April) falls on the month's last day. `course` is `days` days from `starts_on`.
 */
export const scheduleRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('daily'), times: timesSchema }),
    z.object({
      kind: z.literal('every_hours'),
      hours: z.number().int().min(1, 'Care_Schedule_Error').max(72, 'Care_Schedule_Error'),
      first_time: hhmmSchema,
    }),
    z.object({
      kind: z.literal('weekdays'),
      weekdays: z
        .array(z.number().int().min(1).max(7))
        .min(1, 'Care_Schedule_Error')
        .refine((days) => new Set(days).size === days.length, 'Care_Schedule_Error'),
      times: timesSchema,
    }),
    z.object({
      kind: z.literal('every_days'),
      days: z.number().int().min(2, 'Care_Schedule_Error').max(365, 'Care_Schedule_Error'),
      times: timesSchema,
    }),
    z.object({
      kind: z.literal('monthly'),
      day_of_month: z.number().int().min(1, 'Care_Schedule_Error').max(31, 'Care_Schedule_Error'),
      times: timesSchema,
    }),
    z.object({
      kind: z.literal('course'),
      days: z.number().int().min(1, 'Care_Schedule_Error').max(365, 'Care_Schedule_Error'),
      times: timesSchema,
    }),
    z.object({ kind: z.literal('as_needed') }),
  ],
  'Care_Schedule_Error',
);
export type ScheduleRule = z.infer<typeof scheduleRuleSchema>;
export type ScheduleKind = ScheduleRule['kind'];

/** PUT /v1/care/schedule?med_id=: a medication's schedule (replaces the one it had). */
export const scheduleBodySchema = z.object({
  rule: scheduleRuleSchema,
  dose_amount: z.number().positive('Care_Schedule_Error').max(10_000, 'Care_Schedule_Error'),
  dose_unit: doseUnitSchema,
  starts_on: isoDaySchema,
  /** Last day with doses (inclusive); null: open-ended (a course ends by itself). */
  ends_on: isoDaySchema.nullish(),
  /** Units on hand; each dose given takes dose_amount. Null: not tracked. */
  stock_units: z.number().min(0, 'Care_Schedule_Error').max(1_000_000, 'Care_Schedule_Error').nullish(),
  /** Warn when the stock lasts fewer days than this. */
  stock_warn_days: z.number().int().min(1, 'Care_Schedule_Error').max(90, 'Care_Schedule_Error').nullish(),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;

/** A medication's schedule as answered. */
export const scheduleSchema = scheduleBodySchema.extend({
  med_id: idSchema,
  pet_id: idSchema,
  medication_name: z.string(),
  /** The household zone the schedule runs in (the pet owner's). */
  time_zone: z.string(),
  /** Days the stock still lasts at this schedule; null when not tracked or as needed. */
  stock_days_left: z.number().nullable(),
  stock_low: z.boolean(),
  updated_at: timestampSchema,
});
export type Schedule = z.infer<typeof scheduleSchema>;

export type DoseState = (typeof DOSE_STATES)[number];

/** One dose of a day: from the schedule, with its log entry when confirmed. */
export const doseSchema = z.object({
  /** The slot's instant (UTC): with med_id, what identifies a dose. */
  slot: timestampSchema,
  /** The slot's wall time in the household zone, HH:mm. */
  local_time: z.string(),
  med_id: idSchema,
  pet_id: idSchema,
  pet_name: z.string(),
  medication_name: z.string(),
  dose_amount: z.number(),
  dose_unit: doseUnitSchema,
  state: z.enum(DOSE_STATES),
  /** The log entry (given or skipped); null while open. */
  log_id: idSchema.nullable(),
  confirmed_at: timestampSchema.nullable(),
  confirmed_by: z.object({ id: idSchema, name: z.string() }).nullable(),
  skip_reason: z.string().nullable(),
  /** Until when the confirmation can be undone (UNDO_WINDOW_MINUTES); null: not any more. */
  undo_until: timestampSchema.nullable(),
});
export type Dose = z.infer<typeof doseSchema>;

/** GET /v1/care/today[?day=yyyy-MM-dd]: every dose of the caller's pets and shared pets that day. */
export const todayQuerySchema = z.object({ day: isoDaySchema.optional() });
export const todayResponseSchema = z.object({
  day: z.string(),
  time_zone: z.string(),
  /** Doses of the day plus open doses of the day before that are still overdue. */
  doses: z.array(doseSchema),
  /** Medications whose stock runs low. */
  stock_warnings: z.array(
    z.object({
      med_id: idSchema,
      pet_id: idSchema,
      pet_name: z.string(),
      medication_name: z.string(),
      days_left: z.number(),
    }),
  ),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;

/** POST /v1/care/dose?med_id=: confirm one slot (given or skipped); as_needed doses have no slot. */
export const doseBodySchema = z.object({
  /** The slot (from /today); omitted for an "as needed" dose, which is logged at now. */
  slot: timestampSchema.optional(),
  action: z.enum(['given', 'skipped']),
  skip_reason: optionalText,
});
export type DoseBody = z.infer<typeof doseBodySchema>;
/** DELETE /v1/care/dose?id=: undo a confirmation within UNDO_WINDOW_MINUTES. */

/** GET /v1/care/doses?med_id=&before=: the dose log of a medication, newest first, paged. */
export const doseLogEntrySchema = z.object({
  id: idSchema,
  med_id: idSchema,
  slot: timestampSchema.nullable(),
  action: z.enum(['given', 'skipped']),
  skip_reason: z.string().nullable(),
  confirmed_at: timestampSchema,
  confirmed_by: z.object({ id: idSchema, name: z.string() }).nullable(),
});
export type DoseLogEntry = z.infer<typeof doseLogEntrySchema>;

export const vaccinationDueSchema = z.object({
  id: idSchema,
  pet_id: idSchema,
  name: z.string(),
  due_on: z.string(),
  /** Where it came from: appointment id or medical record id; null when entered by itself. */
  source: z.object({ type: z.enum(['appointment', 'medical']), id: idSchema }).nullable(),
  state: z.enum(VACCINATION_DUE_STATES),
  done_on: z.string().nullable(),
});
export type VaccinationDue = z.infer<typeof vaccinationDueSchema>;
/** POST /v1/care/vaccination?pet_id= and PUT ?id=. */
export const vaccinationDueBodySchema = z.object({
  name: z.string().trim().min(1, 'Name_Error').max(200, 'Text_Length_Error'),
  due_on: isoDaySchema,
  appointment_id: idSchema.nullish(),
  med_id: idSchema.nullish(),
});
/** POST /v1/care/vaccination/done?id=: recorded as given on a day (default today). */
export const vaccinationDoneBodySchema = z.object({ done_on: isoDaySchema.optional() });

/** PUT /v1/care/weight-goal?pet_id=: a target band in kg (DELETE clears it). */
export const weightGoalBodySchema = z
  .object({
    min_kg: z.number().positive('Care_Weight_Goal_Error').max(500, 'Care_Weight_Goal_Error'),
    max_kg: z.number().positive('Care_Weight_Goal_Error').max(500, 'Care_Weight_Goal_Error'),
  })
  .refine((band) => band.min_kg < band.max_kg, { message: 'Care_Weight_Goal_Error', path: ['max_kg'] });
export const weightGoalSchema = z.object({
  pet_id: idSchema,
  min_kg: z.number(),
  max_kg: z.number(),
  /** How many of the latest entries in a row are outside the band. */
  outside_in_a_row: z.number(),
});

export const noticeSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTICE_KINDS),
  pet_id: idSchema,
  pet_name: z.string(),
  /** Values the text needs (medication name, days left, weight band…). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  created_at: timestampSchema,
});
export type Notice = z.infer<typeof noticeSchema>;
/** GET /v1/care/notices; POST /v1/care/notice/dismiss?id=. */

/** How a kind of reminder reaches a person. */
export const reminderChannelsSchema = z.object({ mail: z.boolean(), push: z.boolean() });
/** GET and PUT /v1/care/settings: the caller's time zone and reminder choices. */
export const careSettingsSchema = z.object({
  time_zone: timeZoneSchema,
  doses: reminderChannelsSchema,
  vaccinations: reminderChannelsSchema,
  appointments: reminderChannelsSchema,
  stock: reminderChannelsSchema,
  /** The second missed-dose reminder, this many minutes after the due time (0: none). */
  missed_dose_repeat_minutes: z.number().int().min(0).max(240),
  /** The iCal feed carries doses as events with alarms. */
  ical_doses: z.boolean(),
});
export type CareSettings = z.infer<typeof careSettingsSchema>;
export const careSettingsBodySchema = careSettingsSchema.partial();

/** Web push (RFC 8030/8291/8292): GET /v1/push/key answers the VAPID public key. */
export const pushKeySchema = z.object({ public_key: z.string() });
/** POST /v1/push/device: this browser's subscription (PushSubscription.toJSON()) and a label. */
export const pushDeviceBodySchema = z.object({
  endpoint: z.url('Care_Push_Subscription_Error').max(2_000, 'Care_Push_Subscription_Error'),
  keys: z.object(
    {
      p256dh: z.string().min(1, 'Care_Push_Subscription_Error').max(200, 'Care_Push_Subscription_Error'),
      auth: z.string().min(1, 'Care_Push_Subscription_Error').max(100, 'Care_Push_Subscription_Error'),
    },
    'Care_Push_Subscription_Error',
  ),
  label: z.string().trim().max(100).nullish(),
});
export const pushDeviceSchema = z.object({
  id: idSchema,
  label: z.string().nullable(),
  /** The push service's host, to tell devices apart. */
  service: z.string(),
  created_at: timestampSchema,
  last_success_at: timestampSchema.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;
/** GET /v1/push/devices: the caller's devices, newest first. */
export const pushDeviceListSchema = z.array(pushDeviceSchema);
/** POST /v1/push/test: how many of the caller's devices took the test push, how many were gone. */
export const pushTestResultSchema = z.object({
  delivered: z.number().int().min(0),
  removed: z.number().int().min(0),
});
export type PushTestResult = z.infer<typeof pushTestResultSchema>;
/** What a reminder push carries (the service worker shows it as a notification). */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The portal path the notification opens. */
  url: z.string(),
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
