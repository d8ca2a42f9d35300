import type { ShareRole, ShareState } from '@pet/contract';

/**
 * Times of a share (issue 35): instants kept in UTC by the server, chosen and shown to the hour in
 * the browser's time zone.
 */

/** "29 Nov 2026, 14:00" in the language, in the browser's time zone. */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A date field's value (yyyy-MM-dd) and an hour (0..23), local time, as ISO 8601 in UTC. */
export function localHourToIso(date: string, hour: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const instant = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, 0, 0, 0);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** The other way: an instant as the date field's value and the local hour. */
export function isoToLocalHour(iso: string | null): { date: string; hour: number } {
  if (!iso) return { date: '', hour: 0 };
  const instant = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    date: `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`,
    hour: instant.getHours(),
  };
}

type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'error';

/** The state chip's colour: what gives access now stands out, what is over is grey. */
export const STATE_COLORS: Record<ShareState, ChipColor> = {
  invited: 'info',
  scheduled: 'secondary',
  active: 'success',
  ended: 'default',
  revoked: 'default',
  left: 'default',
  expired: 'warning',
};

/** States in which a share still can give access (the owner may change or end it). */
export const OPEN_STATES: ReadonlySet<ShareState> = new Set(['invited', 'scheduled', 'active']);

export const ROLE_COLORS: Record<ShareRole | 'owner', ChipColor> = {
  owner: 'primary',
  co_owner: 'primary',
  carer: 'secondary',
  viewer: 'default',
};

/** One end of a window as a form keeps it: a date (yyyy-MM-dd, '' = open) and an hour. */
export interface WindowEnd {
  date: string;
  hour: number;
}

export interface WindowValue {
  from: WindowEnd;
  until: WindowEnd;
}

export const OPEN_WINDOW: WindowValue = { from: { date: '', hour: 0 }, until: { date: '', hour: 0 } };

export function windowOf(share: { starts_at: string | null; ends_at: string | null }): WindowValue {
  return {
    from: share.starts_at ? isoToLocalHour(share.starts_at) : { date: '', hour: 0 },
    until: share.ends_at ? isoToLocalHour(share.ends_at) : { date: '', hour: 0 },
  };
}

/**
 * The window as the calls send it, or the server's key for a window that ends before it starts or
 * has already ended (the server checks the same; this only saves the round trip).
 */
export function windowToBody(
  value: WindowValue,
  now: Date = new Date(),
): { starts_at: string | null; ends_at: string | null } | { error: string } {
  const starts_at = value.from.date ? localHourToIso(value.from.date, value.from.hour) : null;
  const ends_at = value.until.date ? localHourToIso(value.until.date, value.until.hour) : null;
  if ((value.from.date && !starts_at) || (value.until.date && !ends_at))
    return { error: 'Date_Format_Error' };
  if (ends_at && (Date.parse(ends_at) <= now.getTime() || (starts_at && ends_at <= starts_at)))
    return { error: 'Share_Window_Error' };
  return { starts_at, ends_at };
}
