import type { DoseUnit, Schedule, ScheduleRule } from '@pet/contract';

/**
 * A schedule in words (issue 36), for the PDFs (emergency file, vet handover) and the calendar
 * feed: pure, no I/O, so the PDF workers can load it.
 */
type Language = 'de' | 'en';

const UNITS: Record<Language, Record<DoseUnit, string>> = {
  de: {
    tablet: 'Tablette(n)',
    capsule: 'Kapsel(n)',
    ml: 'ml',
    mg: 'mg',
    drop: 'Tropfen',
    puff: 'Hub/Hübe',
    sachet: 'Beutel',
    application: 'Anwendung(en)',
    piece: 'Stück',
  },
  en: {
    tablet: 'tablet(s)',
    capsule: 'capsule(s)',
    ml: 'ml',
    mg: 'mg',
    drop: 'drop(s)',
    puff: 'puff(s)',
    sachet: 'sachet(s)',
    application: 'application(s)',
    piece: 'piece(s)',
  },
};

const WEEKDAYS: Record<Language, string[]> = {
  de: ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

/** Built once: an Intl.NumberFormat costs far more to build than to use. */
const NUMBER_FORMATS: Record<Language, Intl.NumberFormat> = {
  de: new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }),
};

export function formatAmount(amount: number, unit: DoseUnit, language: Language): string {
  const number = NUMBER_FORMATS[language].format(amount);
  return `${number} ${UNITS[language][unit]}`;
}

const day = (iso: string) => iso.split('-').reverse().join('.');

function ruleInWords(rule: ScheduleRule, language: Language): string {
  const de = language === 'de';
  const at = 'times' in rule ? `${de ? 'um' : 'at'} ${rule.times.join(', ')}` : '';
  switch (rule.kind) {
    case 'daily':
      return `${de ? 'täglich' : 'daily'} ${at}`;
    case 'every_hours':
      return de
        ? `alle ${rule.hours} Stunden ab ${rule.first_time}`
        : `every ${rule.hours} hours from ${rule.first_time}`;
    case 'weekdays':
      return `${rule.weekdays
        .slice()
        .sort()
        .map((d) => WEEKDAYS[language][d - 1])
        .join(', ')} ${at}`;
    case 'every_days':
      return `${de ? `alle ${rule.days} Tage` : `every ${rule.days} days`} ${at}`;
    case 'monthly':
      return `${de ? `monatlich am ${rule.day_of_month}.` : `monthly on day ${rule.day_of_month}`} ${at}`;
    case 'course':
      return `${de ? `${rule.days} Tage lang` : `for ${rule.days} days`} ${at}`;
    case 'as_needed':
      return de ? 'bei Bedarf' : 'as needed';
  }
}

/** "1 tablet(s) daily at 08:00, 20:00 (Europe/Berlin), from 01.12.2026 until 31.12.2026". */
export function scheduleInWords(
  schedule: Pick<Schedule, 'rule' | 'dose_amount' | 'dose_unit' | 'starts_on' | 'ends_on' | 'time_zone'>,
  language: Language,
): string {
  const de = language === 'de';
  const parts = [
    `${formatAmount(schedule.dose_amount, schedule.dose_unit, language)} ${ruleInWords(schedule.rule, language)}`,
  ];
  if (schedule.rule.kind !== 'as_needed') parts[0] += ` (${schedule.time_zone})`;
  parts.push(`${de ? 'ab' : 'from'} ${day(schedule.starts_on)}`);
  if (schedule.ends_on) parts.push(`${de ? 'bis' : 'until'} ${day(schedule.ends_on)}`);
  return parts.join(', ');
}
