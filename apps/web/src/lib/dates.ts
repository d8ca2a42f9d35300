import { format, isValid, parse } from 'date-fns';
import { de, enUS, type Locale } from 'date-fns/locale';
import { DATE_FORMAT, TIME_FORMAT, type UiLanguage } from '@pet/contract';

/** Dates display dd.MM.yyyy and times 24 h in both languages (DESIGN.md section 8). */

export function dateFnsLocale(language: UiLanguage | string): Locale {
  return language === 'en' ? enUS : de;
}

export function formatDate(date: Date): string {
  return format(date, DATE_FORMAT);
}

export function formatTime(date: Date): string {
  return format(date, TIME_FORMAT);
}

/** Local calendar day of a dd.MM.yyyy text, or null when it is not a valid date. */
export function parseDate(text: string): Date | null {
  const date = parse(text, DATE_FORMAT, new Date());
  return isValid(date) ? date : null;
}
