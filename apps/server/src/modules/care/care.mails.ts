import type { BrandConfig, DoseUnit, PushMessage, UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';
import { formatAmount } from './care.text.ts';

/** The outbox kinds of the care mails. */
export const CARE_MAIL_KINDS = {
  dose: 'care-dose-due',
  doseRepeat: 'care-dose-missed',
  stock: 'care-stock-low',
  vaccination: 'care-vaccination-due',
} as const;

export interface CareMailBase {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name: string | null;
  /** The recipient's zone: every time in the mail is shown in it. */
  zone: string;
}

export { formatAmount };

/** An instant in the recipient's zone: "29.11.2026, 08:00" (de) or "29 Nov 2026, 08:00" (en). */
export function formatInstantIn(at: string | number, zone: string, language: UiLanguage): string {
  return instantFormat(zone, language).format(new Date(at));
}

/**
 * The formatters by language and zone: building an Intl.DateTimeFormat costs far more than
 * formatting with it (the sweep formats one per mail). Pure objects, nothing of the data.
 */
const instantFormats = new Map<string, Intl.DateTimeFormat>();
function instantFormat(zone: string, language: UiLanguage): Intl.DateTimeFormat {
  const key = `${language}|${zone}`;
  let format = instantFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
      hourCycle: 'h23',
    });
    instantFormats.set(key, format);
  }
  return format;
}

function formatDay(day: string, language: UiLanguage): string {
  const [y, m, d] = day.split('-');
  return language === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

export interface DoseReminder {
  petName: string;
  medicationName: string;
  amount: number;
  unit: DoseUnit;
  slot: string;
  /** The missed-dose repeat (else: the reminder at the due time). */
  repeat: boolean;
}

function doseTexts(c: CareMailBase & DoseReminder) {
  const de = c.language === 'de';
  const when = formatInstantIn(c.slot, c.zone, c.language);
  const amount = formatAmount(c.amount, c.unit, c.language);
  const subject = c.repeat
    ? de
      ? `Noch nicht bestätigt: ${c.medicationName} für ${c.petName}`
      : `Not confirmed yet: ${c.medicationName} for ${c.petName}`
    : de
      ? `Jetzt fällig: ${c.medicationName} für ${c.petName}`
      : `Due now: ${c.medicationName} for ${c.petName}`;
  const intro = c.repeat
    ? de
      ? `die Dosis von ${when} (${amount} ${c.medicationName}) für ${c.petName} ist noch nicht als gegeben oder ausgelassen bestätigt.`
      : `the dose of ${when} (${amount} ${c.medicationName}) for ${c.petName} has not been confirmed as given or skipped yet.`
    : de
      ? `${c.petName} bekommt jetzt ${amount} ${c.medicationName} (fällig ${when}).`
      : `${c.petName} is due ${amount} ${c.medicationName} now (due ${when}).`;
  return { subject, intro, when, amount };
}

export function renderDoseReminderMail(c: CareMailBase & DoseReminder): RenderedMail {
  const de = c.language === 'de';
  const t = doseTexts(c);
  return renderNoticeMail({
    brand: c.brand,
    language: c.language,
    origin: c.origin,
    name: c.name,
    subject: t.subject,
    intro: t.intro,
    rows: [
      [de ? 'Tier' : 'Pet', c.petName],
      [de ? 'Medikament' : 'Medication', c.medicationName],
      [de ? 'Dosis' : 'Dose', t.amount],
      [de ? 'Fällig' : 'Due', t.when],
    ],
    action: { label: de ? 'Heute öffnen' : 'Open Today', url: `${c.origin}/dashboard` },
  });
}

export function doseReminderPush(c: CareMailBase & DoseReminder): PushMessage {
  const t = doseTexts(c);
  return { title: t.subject, body: t.intro, url: '/dashboard', tag: `dose:${c.medicationName}:${c.slot}` };
}

export interface StockWarning {
  petName: string;
  medicationName: string;
  daysLeft: number;
  stockUnits: number;
  unit: DoseUnit;
}

export function renderStockLowMail(c: CareMailBase & StockWarning): RenderedMail {
  const de = c.language === 'de';
  const days = new Intl.NumberFormat(de ? 'de-DE' : 'en-GB', { maximumFractionDigits: 1 }).format(c.daysLeft);
  return renderNoticeMail({
    brand: c.brand,
    language: c.language,
    origin: c.origin,
    name: c.name,
    subject: de
      ? `${c.medicationName} für ${c.petName} geht zur Neige`
      : `${c.medicationName} for ${c.petName} is running low`,
    intro: de
      ? `der Vorrat an ${c.medicationName} reicht beim aktuellen Plan noch ${days} Tage.`
      : `the stock of ${c.medicationName} lasts ${days} more days at the current schedule.`,
    rows: [
      [de ? 'Tier' : 'Pet', c.petName],
      [de ? 'Vorrat' : 'Stock', formatAmount(c.stockUnits, c.unit, c.language)],
    ],
    action: { label: de ? 'Heute öffnen' : 'Open Today', url: `${c.origin}/dashboard` },
  });
}

export function stockLowPush(c: CareMailBase & StockWarning): PushMessage {
  const mail = renderStockLowMail(c);
  return { title: mail.subject, body: mail.subject, url: '/dashboard', tag: `stock:${c.medicationName}` };
}

export interface VaccinationReminder {
  petId: string;
  petName: string;
  vaccinationName: string;
  dueOn: string;
  /** Days relative to the due date (negative: before). */
  offsetDays: number;
}

export function renderVaccinationMail(c: CareMailBase & VaccinationReminder): RenderedMail {
  const de = c.language === 'de';
  const due = formatDay(c.dueOn, c.language);
  const weeks = Math.round(Math.abs(c.offsetDays) / 7);
  const before = c.offsetDays < 0;
  const subject = before
    ? de
      ? `${c.vaccinationName} für ${c.petName} ist am ${due} fällig`
      : `${c.vaccinationName} for ${c.petName} is due on ${due}`
    : de
      ? `${c.vaccinationName} für ${c.petName} ist überfällig`
      : `${c.vaccinationName} for ${c.petName} is overdue`;
  const intro = before
    ? de
      ? `in ${weeks === 1 ? 'einer Woche' : `${weeks} Wochen`} ist ${c.vaccinationName} für ${c.petName} fällig (${due}).`
      : `${c.vaccinationName} for ${c.petName} is due in ${weeks === 1 ? 'one week' : `${weeks} weeks`} (${due}).`
    : de
      ? `${c.vaccinationName} für ${c.petName} war am ${due} fällig und ist noch nicht als erledigt eingetragen.`
      : `${c.vaccinationName} for ${c.petName} was due on ${due} and is not recorded as done yet.`;
  return renderNoticeMail({
    brand: c.brand,
    language: c.language,
    origin: c.origin,
    name: c.name,
    subject,
    intro,
    rows: [
      [de ? 'Tier' : 'Pet', c.petName],
      [de ? 'Fällig am' : 'Due on', due],
    ],
    action: { label: de ? `${c.petName} öffnen` : `Open ${c.petName}`, url: `${c.origin}/dashboard` },
  });
}

export function vaccinationPush(c: CareMailBase & VaccinationReminder): PushMessage {
  const mail = renderVaccinationMail(c);
  return {
    title: mail.subject,
    body: mail.subject,
    url: '/dashboard',
    tag: `vaccination:${c.petId}:${c.vaccinationName}`,
  };
}
