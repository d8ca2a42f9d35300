import ical, { ICalAlarmType, ICalCalendarMethod } from 'ical-generator';
import { appointmentTypeLabel, type AppointmentType, type UiLanguage } from '@pet/contract';
import { petAppointmentsUrl } from '../../platform/mail/templates.ts';
import type { AppointmentRow } from '../appointments/appointments.repo.ts';
import { reminderInstant } from '../appointments/appointments.service.ts';
import type { CalendarDose } from '../care/care.service.ts';
import { formatAmount } from '../care/care.text.ts';

/** The spec gives appointments a start only; calendars need an end, so an hour is assumed. */
const APPOINTMENT_LENGTH_MS = 60 * 60 * 1000;

const TEXTS = {
  en: { calendar: 'Pet appointments', vet: 'Vet', phone: 'Phone', medication: 'Medication', notes: 'Notes' },
  de: {
    calendar: 'Tiertermine',
    vet: 'Tierarzt',
    phone: 'Telefon',
    medication: 'Medikation',
    notes: 'Notizen',
  },
} as const;

export interface IcsOptions {
  language: UiLanguage;
  /** Shown as the calendar's name (the brand's product name). */
  productName: string;
  /** The web origin of the owner's brand: each event links to its pet's appointments page. */
  origin: string;
  /** The host part of every event's UID, stable across downloads so calendars update in place. */
  uidDomain: string;
}

/**
 * The moment an appointment starts: appointment_date (dd.MM.yyyy) + appointment_time (HH:mm) read at
 * the UTC offset stored with it. Events are written in UTC, so every calendar shows them at the right
 * moment in its own zone (no VTIMEZONE tables to keep current).
 */
export function appointmentStart(row: AppointmentRow): Date | null {
  return reminderInstant(row.appointment_date, row.appointment_time, Number(row.reminder_time_zone));
}

/** How long a dose event lasts in the calendar. */
const DOSE_LENGTH_MS = 15 * 60 * 1000;

/**
 * An iCalendar (RFC 5545) document of appointments, with each reminder as an alarm at its moment,
 * and (issue 36, when the user chose so) the coming doses of the care plans, each with an alarm at
 * its time.
 */
export function appointmentsCalendar(
  rows: readonly AppointmentRow[],
  options: IcsOptions,
  doses: readonly CalendarDose[] = [],
): string {
  const texts = TEXTS[options.language];
  const calendar = ical({
    name: `${options.productName}: ${texts.calendar}`,
    prodId: {
      company: options.productName,
      product: 'appointments',
      language: options.language.toUpperCase(),
    },
    method: ICalCalendarMethod.PUBLISH,
    // Calendars poll a subscription; an hour keeps changes visible the same day without hammering us.
    ttl: 60 * 60,
  });
  for (const row of rows) {
    const start = appointmentStart(row);
    if (!start) continue;
    const type = appointmentTypeLabel(row.appointment_type as AppointmentType, options.language);
    const description = [
      row.vet_name ? `${texts.vet}: ${row.vet_name}` : null,
      row.phone ? `${texts.phone}: ${row.phone}` : null,
      row.medication ? `${texts.medication}: ${row.medication}` : null,
      row.comments ? `${texts.notes}: ${row.comments}` : null,
    ].filter((line): line is string => line !== null);
    const location = [row.address, [row.zip, row.city].filter(Boolean).join(' '), row.country]
      .filter((part) => part && part.trim() !== '')
      .join(', ');
    const event = calendar.createEvent({
      id: `${row.id}@${options.uidDomain}`,
      start,
      end: new Date(start.getTime() + APPOINTMENT_LENGTH_MS),
      summary: `${type}: ${row.reason} (${row.pet_name})`,
      description: description.join('\n') || undefined,
      location: location || undefined,
      url: petAppointmentsUrl(options.origin, { id: row.pet_id, name: row.pet_name }),
      stamp: new Date(row.updated_at),
    });
    const reminder = reminderInstant(row.reminder_date, row.reminder_time, Number(row.reminder_time_zone));
    if (reminder) {
      event.createAlarm({ type: ICalAlarmType.display, trigger: reminder, description: event.summary() });
    }
  }
  for (const dose of doses) {
    const start = new Date(dose.slot);
    const amount = formatAmount(dose.dose_amount, dose.dose_unit, options.language);
    const event = calendar.createEvent({
      id: `dose-${dose.med_id}-${start.getTime()}@${options.uidDomain}`,
      start,
      end: new Date(start.getTime() + DOSE_LENGTH_MS),
      summary: `${dose.medication_name}: ${amount} (${dose.pet_name})`,
      url: `${options.origin}/dashboard`,
      stamp: start,
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: start, description: event.summary() });
  }
  return calendar.toString();
}
