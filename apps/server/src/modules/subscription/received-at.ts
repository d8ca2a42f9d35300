import type { UiLanguage } from '@pet/contract';

const BERLIN = { timeZone: 'Europe/Berlin' } as const;

/**
 * When a cancellation was received, in German time and the reader's language (§ 312k Abs. 4
 * BGB: the confirmation names date and time of receipt): "29.11.2026 um 05:12 Uhr" or
 * "29.11.2026 at 05:12".
 */
export function formatReceivedAt(at: string | Date, language: UiLanguage): string {
  const date = new Date(at);
  const day = new Intl.DateTimeFormat('de-DE', {
    ...BERLIN,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('de-DE', {
    ...BERLIN,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
  return language === 'de' ? `${day} um ${time} Uhr` : `${day} at ${time} (German time)`;
}
