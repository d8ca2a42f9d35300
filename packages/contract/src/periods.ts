/**
 * The one rule for showing a paid period (issue 33 item 8): a period ends the day before the next
 * begins. The server stores a period as [start, end) instants, where `end` is the next period's
 * first instant; on invoices, mails, cards and banners the period is shown from the calendar day
 * of `start` to the calendar day *before* `end`, and whatever follows (a renewal, a downgrade, the
 * free plan) starts on the calendar day of `end`. Days are the seller's (German) calendar, so the
 * same instant reads the same on every screen, mail and PDF, whatever the viewer's time zone.
 */

const SELLER_TIME_ZONE = 'Europe/Berlin';

const SELLER_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: SELLER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** The seller's calendar day of an instant: [year, month 1-12, day]. */
function sellerDay(at: Date): [number, number, number] {
  const parts = Object.fromEntries(SELLER_DAY.formatToParts(at).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day)];
}

const ddMmYyyy = (year: number, month: number, day: number) => {
  // Date.UTC normalises day 0 to the last day of the month before (and month 0 to December).
  const date = new Date(Date.UTC(year, month - 1, day));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
};

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * dd.MM.yyyy of the seller's calendar day of an instant (ISO text or Date): a period's first day,
 * or the day something starts (renewal, downgrade).
 */
export function sellerDate(value: string | Date): string {
  const [year, month, day] = sellerDay(toDate(value));
  return ddMmYyyy(year, month, day);
}

/** dd.MM.yyyy of a period's last day: the calendar day before its (exclusive) end instant. */
export function periodLastDay(end: string | Date): string {
  const [year, month, day] = sellerDay(toDate(end));
  return ddMmYyyy(year, month, day - 1);
}

/** "dd.MM.yyyy – dd.MM.yyyy": the period as invoices and mails print it. */
export function periodText(start: string | Date, end: string | Date): string {
  return `${sellerDate(start)} – ${periodLastDay(end)}`;
}

/**
 * myinfo's day fields of a term that ends at `endEpochSeconds` (stripe_subscription_end, the
 * instant the next period begins): its last day, and the day the next thing starts.
 */
export function termDays(endEpochSeconds: number | null): {
  subscription_last_day: string | null;
  subscription_next_day: string | null;
} {
  if (endEpochSeconds === null) return { subscription_last_day: null, subscription_next_day: null };
  const end = new Date(endEpochSeconds * 1000);
  return { subscription_last_day: periodLastDay(end), subscription_next_day: sellerDate(end) };
}
