import { useEffect, useState } from 'react';
import { UNDO_WINDOW_MINUTES, type DoseUnit } from '@pet/contract';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "1 tablet", "2.5 ml": the amount as the server computed it, the unit in the UI language. */
export function doseAmountText(amount: number, unit: DoseUnit, t: Translate, language: string): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(amount);
  return `${number} ${t(`care.unit.${unit}`, { count: amount })}`;
}

/** An instant as HH:mm in a zone (the household's). */
export function timeIn(instant: string, timeZone: string, language: string): string {
  try {
    return new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
    }).format(new Date(instant));
  } catch {
    return new Date(instant).toISOString().slice(11, 16);
  }
}

/** An instant as date and time in a zone. */
export function dateTimeIn(instant: string, timeZone: string | undefined, language: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(instant));
  } catch {
    return new Intl.DateTimeFormat(language, options).format(new Date(instant));
  }
}

/** Seconds left until an instant, ticking once a second while positive (the undo countdown). */
export function useSecondsLeft(until: string | null): number {
  const end = until ? Date.parse(until) : 0;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!end) return undefined;
    let timer = 0;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      if (current >= end) window.clearInterval(timer);
    };
    // A new deadline (a fresh confirmation) reads the clock at once, then every second.
    const first = window.setTimeout(tick, 0);
    timer = window.setInterval(tick, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [end]);
  // Never more than the window itself, even before the first tick.
  return end ? Math.min(UNDO_WINDOW_MINUTES * 60, Math.max(0, Math.ceil((end - now) / 1000))) : 0;
}

/** 125 → "2:05". */
export function minutesSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The browser's IANA zone (the default of a new account and of the settings). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
