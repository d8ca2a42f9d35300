import type { ScheduleRule } from '@pet/contract';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** "08:00 and 20:00" in the UI language. */
export function listOf(items: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items);
}

/** ISO weekday (1 Monday … 7 Sunday) by name in the UI language. */
export function weekdayName(isoDay: number, language: string, width: 'long' | 'short' = 'long'): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, isoDay));
  return new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(date);
}

/** A schedule rule in words: "twice daily at 08:00 and 20:00". */
export function scheduleInWords(rule: ScheduleRule, t: Translate, language: string): string {
  if (rule.kind === 'as_needed') return t('care.rule.as_needed');
  if (rule.kind === 'every_hours') {
    return t('care.rule.every_hours', { count: rule.hours, time: rule.first_time });
  }
  const times = listOf([...rule.times].sort(), language);
  const freq =
    rule.times.length === 1
      ? t('care.rule.once')
      : rule.times.length === 2
        ? t('care.rule.twice')
        : t('care.rule.nTimes', { count: rule.times.length });
  switch (rule.kind) {
    case 'daily':
      return t('care.rule.daily', { freq, times });
    case 'weekdays':
      return t('care.rule.weekdays', {
        freq,
        times,
        days: listOf(
          [...rule.weekdays].sort((a, b) => a - b).map((day) => weekdayName(day, language)),
          language,
        ),
      });
    case 'every_days':
      return t('care.rule.every_days', { freq, times, count: rule.days });
    case 'monthly':
      return t('care.rule.monthly', { freq, times, day: rule.day_of_month });
    case 'course':
      return t('care.rule.course', { freq, times, count: rule.days });
  }
}
