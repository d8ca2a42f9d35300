/**
 * Schedule expansion (issue 36): which dose slots a medication schedule has in an instant range.
 * Pure and zod-free (the web imports it); Intl only. Wall times are in the household zone:
 *
 * - a wall time that does not exist (spring forward) moves forward by the gap (02:30 → 03:30);
 * - a wall time that exists twice (autumn) is the first one;
 * - `every_hours` counts elapsed hours from `first_time` on `starts_on`, so a DST change neither
 *   loses nor doubles a dose;
 * - `monthly` on a day the month lacks (the 31st) falls on the month's last day (leap days too);
 * - `course` runs `days` days from `starts_on`; `as_needed` has no slots.
 *
 * Two rule times that land on the same instant (02:30 shifted onto 03:30) are one slot: a slot is
 * what identifies a dose.
 */
import type { ScheduleRule } from './entities/care.ts';

export interface ScheduleWindow {
  rule: ScheduleRule;
  /** First local day with doses, yyyy-MM-dd. */
  starts_on: string;
  /** Last local day with doses (inclusive); null: open-ended. */
  ends_on?: string | null;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The zone's offset at an instant, read from Intl (slow: formatToParts). */
function intlOffsetAt(instant: number, zone: string): number {
  const wall: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterFor(zone).formatToParts(new Date(instant))) {
    if (part.type in wall) wall[part.type as keyof WallClock] = Number(part.value);
  }
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * Offsets change only at transitions, and every transition of our era falls on a quarter hour of
 * UTC (offsets are whole quarter hours): one Intl lookup per zone and quarter hour is enough.
 */
const QUARTER_MS = 900_000;
const offsetCache = new Map<string, number>();

/** The zone's offset from UTC at an instant, in milliseconds (Berlin in winter: +3,600,000). */
export function zoneOffsetAt(instant: number, zone: string): number {
  const key = `${zone} ${Math.floor(instant / QUARTER_MS)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = intlOffsetAt(Math.floor(instant / QUARTER_MS) * QUARTER_MS, zone);
    if (offsetCache.size > 200_000) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  return offset;
}

/** The wall clock of an instant in a zone. */
export function wallClockAt(instant: number, zone: string): WallClock {
  const d = new Date(instant + zoneOffsetAt(instant, zone));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** Civil day number (days since 1970-01-01) of a yyyy-MM-dd day. */
export function dayNumber(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** yyyy-MM-dd of a civil day number. */
export function dayOfNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The local day (yyyy-MM-dd) of an instant in a zone. */
export function localDayOf(instant: Date | number, zone: string): string {
  const w = wallClockAt(+instant, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The local wall time (HH:mm) of an instant in a zone. */
export function localTimeOf(instant: Date | number, zone: string): string {
  const w = wallClockAt(+instant, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The instant (ms) of a wall time on a local day: a missing wall time moves forward by the gap, a
 * doubled one is the first.
 */
export function zonedTimeToUtc(day: string | number, hhmm: string, zone: string): number {
  const dayNo = typeof day === 'number' ? day : dayNumber(day);
  const [hh, mm] = hhmm.split(':').map(Number) as [number, number];
  const naive = dayNo * DAY_MS + hh * HOUR_MS + mm * 60_000;
  const before = zoneOffsetAt(naive - DAY_MS, zone);
  const after = zoneOffsetAt(naive + DAY_MS, zone);
  let best: number | null = null;
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = naive - offset;
    if (zoneOffsetAt(candidate, zone) === offset && (best === null || candidate < best)) best = candidate;
  }
  // No candidate: the wall time is in a gap; with the offset before the change it lands the gap later.
  return best ?? naive - before;
}

/** The first instant of a local day (its 00:00, or the gap's end). */
export function localDayStart(day: string | number, zone: string): number {
  return zonedTimeToUtc(day, '00:00', zone);
}

/** Days in a month (month 1..12). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Does the rule have doses on this civil day (given the schedule's first day)? */
function ruleHasDay(rule: ScheduleRule, dayNo: number, startNo: number): boolean {
  switch (rule.kind) {
    case 'daily':
      return true;
    case 'weekdays': {
      const weekday = ((new Date(dayNo * DAY_MS).getUTCDay() + 6) % 7) + 1;
      return rule.weekdays.includes(weekday);
    }
    case 'every_days':
      return (dayNo - startNo) % rule.days === 0;
    case 'monthly': {
      const date = new Date(dayNo * DAY_MS);
      const last = daysInMonth(date.getUTCFullYear(), date.getUTCMonth() + 1);
      return date.getUTCDate() === Math.min(rule.day_of_month, last);
    }
    case 'course':
      return dayNo - startNo < rule.days;
    case 'every_hours':
    case 'as_needed':
      return false;
  }
}

/** The schedule's last local day as a day number (course end or ends_on, whichever first). */
export function lastScheduleDay(schedule: ScheduleWindow): number {
  const startNo = dayNumber(schedule.starts_on);
  let last = schedule.ends_on ? dayNumber(schedule.ends_on) : Number.POSITIVE_INFINITY;
  if (schedule.rule.kind === 'course') last = Math.min(last, startNo + schedule.rule.days - 1);
  return last;
}

/**
 * The due slots of a schedule in [from, to) as UTC instants (ms), ascending, without duplicates.
 */
export function expandSchedule(
  schedule: ScheduleWindow,
  zone: string,
  from: Date | number,
  to: Date | number,
): number[] {
  const fromMs = +from;
  const toMs = +to;
  const { rule } = schedule;
  if (rule.kind === 'as_needed' || !(toMs > fromMs)) return [];
  const startNo = dayNumber(schedule.starts_on);
  const lastNo = lastScheduleDay(schedule);
  const slots: number[] = [];

  if (rule.kind === 'every_hours') {
    const anchor = zonedTimeToUtc(startNo, rule.first_time, zone);
    const end = Number.isFinite(lastNo) ? Math.min(toMs, localDayStart(lastNo + 1, zone)) : toMs;
    const step = rule.hours * HOUR_MS;
    let k = Math.max(0, Math.ceil((fromMs - anchor) / step));
    for (let slot = anchor + k * step; slot < end; k += 1, slot = anchor + k * step) {
      if (slot >= fromMs) slots.push(slot);
    }
    return slots;
  }

  // Local days that may hold a slot in [from, to): a day either side covers every offset.
  const firstNo = Math.max(startNo, Math.floor(fromMs / DAY_MS) - 1);
  const endNo = Math.min(lastNo, Math.floor(toMs / DAY_MS) + 1);
  const times = [...rule.times].sort();
  for (let n = firstNo; n <= endNo; n += 1) {
    if (!ruleHasDay(rule, n, startNo)) continue;
    for (const time of times) {
      const slot = zonedTimeToUtc(n, time, zone);
      if (slot >= fromMs && slot < toMs && slots[slots.length - 1] !== slot) slots.push(slot);
    }
  }
  slots.sort((a, b) => a - b);
  return slots.filter((slot, i) => i === 0 || slots[i - 1] !== slot);
}

/** Is `slot` (ms) a due slot of the schedule? */
export function isScheduleSlot(schedule: ScheduleWindow, zone: string, slot: number): boolean {
  return expandSchedule(schedule, zone, slot, slot + 1).length === 1;
}

/** How many doses the schedule gives per day on average (for "days the stock lasts"). */
export function dosesPerDay(rule: ScheduleRule): number {
  switch (rule.kind) {
    case 'daily':
    case 'course':
      return rule.times.length;
    case 'every_hours':
      return 24 / rule.hours;
    case 'weekdays':
      return (rule.times.length * rule.weekdays.length) / 7;
    case 'every_days':
      return rule.times.length / rule.days;
    case 'monthly':
      return (rule.times.length * 12) / 365;
    case 'as_needed':
      return 0;
  }
}
