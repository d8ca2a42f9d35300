import type { PushMessage, UiLanguage } from '@pet/contract';
import { petAppointmentsUrl } from '../../platform/mail/templates.ts';
import type { AppointmentRow } from './appointments.repo.ts';

/** The appointment's instant in a zone (dd.MM.yyyy, HH:mm); `same`: as entered. */
export interface RecipientTime {
  date: string;
  time: string;
  zone: string;
  same: boolean;
}

/** The reminder as a push: the mail's subject, and when and why in the recipient's time. */
export function appointmentPush(
  row: AppointmentRow,
  typeLabel: string,
  language: UiLanguage,
  local: RecipientTime | null,
): PushMessage {
  const de = language === 'de';
  const date = local?.date ?? row.appointment_date;
  const time = local?.time ?? row.appointment_time;
  const path = new URL(petAppointmentsUrl('http://x', { id: row.pet_id, name: row.pet_name })).pathname;
  return {
    title: de ? `Erinnerung: ${typeLabel} für ${row.pet_name}` : `Reminder: ${typeLabel} for ${row.pet_name}`,
    body: `${date}, ${de ? `${time} Uhr` : time}: ${row.reason}`,
    url: path,
    tag: `appointment:${row.id}`,
  };
}
