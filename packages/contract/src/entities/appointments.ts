import { z } from 'zod';
import {
  ddMmYyyySortKey,
  idSchema,
  isDateBeforeToday,
  optionalDdMmYyyy,
  parseDdMmYyyy,
  optionalEmailSchema,
  optionalHhMm,
  LONG_TEXT_MAX_LENGTH,
  optionalLongText,
  optionalText,
  requiredDdMmYyyy,
  requiredHhMm,
  requiredText,
  timestampSchema,
} from './common.ts';
import { commentsSchema } from './medical.ts';

/** Appointments with optional reminders (pet-data sections 3, 4, 5 and 7). */

/**
 * Appointment types. The stored value is the English name, independent of the UI language; the
 * form shows `en` or `de`. "Operation/Surgery" is stored as Surgery and shown as Operation in German.
 */
export const APPOINTMENT_TYPES = [
  { value: 'Examination', en: 'Examination', de: 'Untersuchung' },
  { value: 'Vaccination', en: 'Vaccination', de: 'Impfung' },
  { value: 'Surgery', en: 'Surgery', de: 'Operation' },
  { value: 'Deworming', en: 'Deworming', de: 'Entwurmung' },
] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number]['value'];
export const APPOINTMENT_TYPE_VALUES = APPOINTMENT_TYPES.map((type) => type.value) as [
  AppointmentType,
  ...AppointmentType[],
];
/** The stored (and answered) value: the English name. */
export const appointmentTypeSchema = z.enum(APPOINTMENT_TYPE_VALUES, 'Appointment_Type_Error');
/**
 * The request value (pet-data sections 3 and 9, types bilingual): the stored value or its English or
 * German label in any case, e.g. Impfung; the server stores normalizeAppointmentType of it.
 */
export const appointmentTypeInputSchema = z
  .string('Appointment_Type_Error')
  .refine((value) => normalizeAppointmentType(value) !== null, 'Appointment_Type_Error')
  .meta({
    description: `One of ${APPOINTMENT_TYPES.flatMap((type) => [type.value, type.de]).join(', ')} (any case); stored as the English value`,
  });
/** The type that reveals the vaccination_type field. */
export const VACCINATION_APPOINTMENT_TYPE = 'Vaccination' satisfies AppointmentType;

/** Stored value of a type given by its value or by its English or German label (any case). */
export function normalizeAppointmentType(text: string): AppointmentType | null {
  const wanted = text.trim().toLowerCase();
  const found = APPOINTMENT_TYPES.find((type) =>
    [type.value, type.en, type.de].some((label) => label.toLowerCase() === wanted),
  );
  return found ? found.value : null;
}

export function appointmentTypeLabel(value: AppointmentType, language: 'en' | 'de'): string {
  return APPOINTMENT_TYPES.find((type) => type.value === value)?.[language] ?? value;
}

/** The browser's UTC offset in hours (reminder_time_zone), e.g. 2 for CEST, -5.5 not excluded. */
export const reminderTimeZoneSchema = z.number().min(-12).max(14);
export function browserTimeZoneOffsetHours(now: Date = new Date()): number {
  return -now.getTimezoneOffset() / 60;
}

/**
 * The zone of an appointment sent without reminder_time_zone (the spec does not make it required):
 * no user zone is stored, so the brands' home zone.
 */
export const DEFAULT_APPOINTMENT_TIME_ZONE = 'Europe/Berlin';

/**
 * UTC offset in hours of `timeZone` on the dd.MM.yyyy `date` (read at 12:00 UTC, never near a DST
 * switch), e.g. 1 in January and 2 in July for Europe/Berlin; null when the date is malformed.
 */
export function timeZoneOffsetHoursOn(
  date: string,
  timeZone: string = DEFAULT_APPOINTMENT_TIME_ZONE,
): number | null {
  const day = parseDdMmYyyy(date.trim());
  if (!day) return null;
  const noonUtc = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 12);
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(noonUtc))
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT+02:00", "GMT-05:30", or "GMT" for UTC itself.
  const match = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name ?? '');
  if (!match) return null;
  if (!match[1]) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === '-' ? -hours : hours;
}

/** The offset a create stores and judges "today" by: the one sent, else the default zone's on that day. */
export function appointmentTimeZoneOf(body: {
  reminder_time_zone?: number;
  appointment_date: string;
}): number {
  return body.reminder_time_zone ?? timeZoneOffsetHoursOn(body.appointment_date) ?? 0;
}

/** POST /v1/appointment?pet_id=. */
export const appointmentCreateBodySchema = z.object({
  address: optionalText,
  city: optionalText,
  country: optionalText,
  zip: optionalText,
  phone: optionalText,
  email: optionalEmailSchema,
  appointment_type: appointmentTypeInputSchema,
  reason: requiredText('Reason_is_Required', LONG_TEXT_MAX_LENGTH),
  appointment_date: requiredDdMmYyyy('Date_is_Required'),
  appointment_time: requiredHhMm('Time_is_Required'),
  medication: optionalLongText,
  comments: commentsSchema,
  vet_name: optionalText,
  /** Only meaningful for type Vaccination. */
  vaccination_type: optionalText,
  reminder_date: optionalDdMmYyyy,
  reminder_time: optionalHhMm,
  /** Optional: left out, the server stores timeZoneOffsetHoursOn(appointment_date). */
  reminder_time_zone: reminderTimeZoneSchema.optional(),
});
export type AppointmentCreateBody = z.infer<typeof appointmentCreateBodySchema>;

/**
 * PUT /v1/appointment?appt_id=: the spec's list has neither appointment_type nor reminder_time_zone.
 * A field left out keeps its stored value; null clears an optional one.
 */
export const appointmentUpdateBodySchema = appointmentCreateBodySchema
  .omit({
    appointment_type: true,
    reminder_time_zone: true,
  })
  .partial();
export type AppointmentUpdateBody = z.infer<typeof appointmentUpdateBodySchema>;

/**
 * "Not earlier than today" (Date_In_Past_Error on appointment_date), kept out of the base schemas so
 * the caller injects today's date (tests, the server in the user's zone via todayAtOffset) and so
 * stored past appointments still validate as answers. Use with `.refine(check, params)`.
 */
export function appointmentDateNotInPast(today: Date) {
  return {
    check: (value: { appointment_date: string }) => !isDateBeforeToday(value.appointment_date, today),
    params: { path: ['appointment_date'], message: 'Date_In_Past_Error' },
  };
}

/** The create body with the past-date rule for `today`. */
export function appointmentCreateBodySchemaAt(today: Date) {
  const rule = appointmentDateNotInPast(today);
  return appointmentCreateBodySchema.refine(rule.check, rule.params);
}

/**
 * The add/edit form: the create body plus the pet choice. The spec calls the select pet_name; its
 * value is the pet's id, sent as the pet_id query.
 */
export const appointmentFormSchema = appointmentCreateBodySchema.extend({
  pet_id: requiredText('Petname_is_Required'),
});
export type AppointmentForm = z.infer<typeof appointmentFormSchema>;

export function appointmentFormSchemaAt(today: Date) {
  const rule = appointmentDateNotInPast(today);
  return appointmentFormSchema.refine(rule.check, rule.params);
}

/** The appointment as answered by POST and PUT. */
export const appointmentSchema = appointmentCreateBodySchema.extend({
  appointment_type: appointmentTypeSchema,
  /** Always answered: the one sent, or the default the server stored. */
  reminder_time_zone: reminderTimeZoneSchema,
  id: idSchema,
  pet_id: idSchema,
  pet_name: z.string(),
  user_id: idSchema,
  /** The reminder job, if one is scheduled. */
  job_id: z.string().nullish(),
  created_at: timestampSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;

// ---------------------------------------------------------------------------------------------
// List form. Rule: every field gets the prefix appointment_ unless it already starts with it, so
// id -> appointment_id, reason -> appointment_reason, but appointment_date stays appointment_date
// (never appointment_appointment_date). No two fields collide under this rule.

const LIST_PREFIX = 'appointment_';
type AppointmentShape = typeof appointmentSchema.shape;
type ListKey<K extends string> = K extends `${typeof LIST_PREFIX}${string}` ? K : `${typeof LIST_PREFIX}${K}`;

export function appointmentListKey<K extends string>(key: K): ListKey<K> {
  return (key.startsWith(LIST_PREFIX) ? key : `${LIST_PREFIX}${key}`) as ListKey<K>;
}

const listShape = Object.fromEntries(
  Object.entries(appointmentSchema.shape).map(([key, schema]) => [appointmentListKey(key), schema]),
) as { [K in keyof AppointmentShape as ListKey<K & string>]: AppointmentShape[K] };

export const appointmentListItemSchema = z.object(listShape);
export type AppointmentListItem = z.infer<typeof appointmentListItemSchema>;
/** GET /v1/appointment/myappointments and /mypetappointments?pet_id=: plain arrays. */
export const appointmentListResponseSchema = z.array(appointmentListItemSchema);

export function toAppointmentListItem(appointment: Appointment): AppointmentListItem {
  return Object.fromEntries(
    Object.entries(appointment).map(([key, value]) => [appointmentListKey(key), value]),
  ) as AppointmentListItem;
}

export function fromAppointmentListItem(item: AppointmentListItem): Appointment {
  const unprefixed = new Set<string>(Object.keys(appointmentSchema.shape));
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => {
      const bare = key.slice(LIST_PREFIX.length);
      // appointment_date, appointment_time, appointment_type kept their name.
      return [unprefixed.has(key) ? key : bare, value];
    }),
  ) as Appointment;
}

export const apptIdQuerySchema = z.object({ appt_id: idSchema });

/**
 * Pet-data section 4: today or later is upcoming (soonest first); earlier is passed (newest
 * first). Within a day, ordered by appointment_time.
 */
export function splitAppointments<T extends { appointment_date: string; appointment_time: string }>(
  appointments: readonly T[],
  today: Date,
): { upcoming: T[]; passed: T[] } {
  const ascending = [...appointments].sort(
    (a, b) =>
      ddMmYyyySortKey(a.appointment_date) - ddMmYyyySortKey(b.appointment_date) ||
      a.appointment_time.localeCompare(b.appointment_time),
  );
  return {
    upcoming: ascending.filter((item) => !isDateBeforeToday(item.appointment_date, today)),
    passed: ascending.filter((item) => isDateBeforeToday(item.appointment_date, today)).reverse(),
  };
}
