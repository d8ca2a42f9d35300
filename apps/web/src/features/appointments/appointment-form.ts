import type { z } from 'zod';
import {
  VACCINATION_APPOINTMENT_TYPE,
  appointmentFormSchema,
  appointmentDateNotInPast,
  browserTimeZoneOffsetHours,
  fromAppointmentListItem,
  type AppointmentCreateBody,
  type AppointmentListItem,
} from '@pet/contract';

/** Reminder date and time go together: one without the other names the missing one. */
export const REMINDER_DATE_MISSING = 'appointments.error.reminderDateMissing';
export const REMINDER_TIME_MISSING = 'appointments.error.reminderTimeMissing';

const filled = (value: string | null | undefined) => (value ?? '').trim() !== '';

/**
 * The contract's form schema with the contract's past-date rule (appointmentDateNotInPast, as in
 * appointmentFormSchemaAt) checked on the date field itself: an object-level rule runs only once
 * every required field passes, and the user should see Date_In_Past_Error when leaving the date.
 * Edit mode passes the stored date, which a passed appointment may keep.
 */
function withRules(today: Date, keepDate?: string) {
  const past = appointmentDateNotInPast(today);
  return appointmentFormSchema
    .extend({
      appointment_date: appointmentFormSchema.shape.appointment_date.refine(
        (date) => (keepDate !== undefined && date === keepDate) || past.check({ appointment_date: date }),
        past.params.message,
      ),
    })
    .refine((value) => filled(value.reminder_date) || !filled(value.reminder_time), {
      path: ['reminder_date'],
      message: REMINDER_DATE_MISSING,
    })
    .refine((value) => filled(value.reminder_time) || !filled(value.reminder_date), {
      path: ['reminder_time'],
      message: REMINDER_TIME_MISSING,
    });
}

/**
 * The add form (pet-data section 5): the contract's form schema (appointmentFormSchema, the body
 * plus the pet choice) with the contract's past-date rule (appointmentDateNotInPast, as in
 * appointmentFormSchemaAt: Date_In_Past_Error) and the reminder pair.
 */
export function addAppointmentSchema(today: Date) {
  return withRules(today);
}

/**
 * The edit form: as the add form, but a passed appointment may keep its own date (so its notes can
 * still be corrected); a new date must not be in the past.
 */
export function editAppointmentSchema(today: Date, originalDate: string) {
  return withRules(today, originalDate);
}

export type AppointmentFormValues = z.input<typeof appointmentFormSchema>;
export type AppointmentFormOutput = z.output<typeof appointmentFormSchema>;

export function emptyAppointmentForm(petId = ''): AppointmentFormValues {
  return {
    pet_id: petId,
    appointment_type: '' as AppointmentFormValues['appointment_type'],
    vaccination_type: '',
    reason: '',
    appointment_date: '',
    appointment_time: '',
    vet_name: '',
    address: '',
    zip: '',
    city: '',
    country: null,
    phone: '',
    email: '',
    medication: '',
    comments: '',
    reminder_date: '',
    reminder_time: '',
    reminder_time_zone: browserTimeZoneOffsetHours(),
  };
}

/** A listed appointment (prefixed list form) as form values; nulls become '' so inputs stay controlled. */
export function appointmentFormValues(item: AppointmentListItem): AppointmentFormValues {
  const appointment = fromAppointmentListItem(item);
  return {
    pet_id: appointment.pet_id,
    appointment_type: appointment.appointment_type,
    vaccination_type: appointment.vaccination_type ?? '',
    reason: appointment.reason,
    appointment_date: appointment.appointment_date,
    appointment_time: appointment.appointment_time,
    vet_name: appointment.vet_name ?? '',
    address: appointment.address ?? '',
    zip: appointment.zip ?? '',
    city: appointment.city ?? '',
    country: appointment.country || null,
    phone: appointment.phone ?? '',
    email: appointment.email ?? '',
    medication: appointment.medication ?? '',
    comments: appointment.comments ?? '',
    reminder_date: appointment.reminder_date ?? '',
    reminder_time: appointment.reminder_time ?? '',
    reminder_time_zone: appointment.reminder_time_zone,
  };
}

const blank = (value: string | null | undefined) => (value === '' || value === undefined ? null : value);

/** PUT /v1/appointment (section 7): no type, no time zone; blanks as null. */
export function appointmentUpdateBody(
  values: AppointmentFormOutput,
): Omit<AppointmentCreateBody, 'appointment_type' | 'reminder_time_zone'> {
  return {
    address: blank(values.address),
    city: blank(values.city),
    country: blank(values.country),
    zip: blank(values.zip),
    phone: blank(values.phone),
    email: blank(values.email),
    reason: values.reason,
    appointment_date: values.appointment_date,
    appointment_time: values.appointment_time,
    medication: blank(values.medication),
    comments: blank(values.comments),
    vet_name: blank(values.vet_name),
    // Only a vaccination has a vaccination type.
    vaccination_type:
      values.appointment_type === VACCINATION_APPOINTMENT_TYPE ? blank(values.vaccination_type) : null,
    reminder_date: blank(values.reminder_date),
    reminder_time: blank(values.reminder_time),
  };
}

/**
 * PUT /v1/appointment for a carer (issue 35): only the note. The server keeps every field left out
 * and accepts a carer's update when nothing but the comments changes.
 */
export function appointmentNoteBody(values: AppointmentFormOutput): { comments: string | null } {
  return { comments: blank(values.comments) };
}

/** POST /v1/appointment?pet_id= (section 7): the update fields plus type and the browser's offset. */
export function appointmentCreateBody(values: AppointmentFormOutput): AppointmentCreateBody {
  return {
    ...appointmentUpdateBody(values),
    appointment_type: values.appointment_type,
    reminder_time_zone: browserTimeZoneOffsetHours(),
  };
}
