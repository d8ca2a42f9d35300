/**
 * Calendar dates dd.MM.yyyy and times HH:mm (24 h), without zod: the browser's screens use these
 * helpers on their first render, and the entity files (which build the zod schemas) import them
 * from here. Calendar dates have no time zone: we read and write them with the *local* calendar
 * of the running process (date-fns `parse(s, 'dd.MM.yyyy')` does the same), so parse(format(d))
 * gives back d's local day on both server and browser.
 */

export const DDMMYYYY_PATTERN = /^(\d{2})\.(\d{2})\.(\d{4})$/;
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Local midnight of a dd.MM.yyyy string, or null when it is malformed or not a calendar date. */
export function parseDdMmYyyy(value: string): Date | null {
  const match = DDMMYYYY_PATTERN.exec(value);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(2000, 0, 1);
  // setFullYear, because the Date constructor maps years 0..99 to 1900..1999.
  date.setFullYear(year, month - 1, day);
  // 31.02. rolls over into March: reject anything that did not stay on the given day.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/** The local calendar day of `date` as dd.MM.yyyy. */
export function formatDdMmYyyy(date: Date): string {
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  return `${dd}.${mm}.${yyyy}`;
}

/** Sort key yyyymmdd of a valid dd.MM.yyyy string (NaN when invalid), for ordering without Dates. */
export function ddMmYyyySortKey(value: string): number {
  const date = parseDdMmYyyy(value);
  return date ? date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate() : Number.NaN;
}

/** Is the dd.MM.yyyy date before the local calendar day of `today`? Invalid dates are not. */
export function isDateBeforeToday(value: string, today: Date): boolean {
  return ddMmYyyySortKey(value) < ddMmYyyySortKey(formatDdMmYyyy(today));
}

/**
 * Local midnight of the calendar day it is at UTC offset `offsetHours` (e.g. an appointment's
 * reminder_time_zone) at instant `now`. Lets the server judge "today" in the user's zone.
 */
export function todayAtOffset(offsetHours: number, now: Date = new Date()): Date {
  const shifted = new Date(now.getTime() + offsetHours * 3_600_000);
  const day = new Date(2000, 0, 1);
  day.setFullYear(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  return day;
}
