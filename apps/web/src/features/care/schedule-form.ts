import {
  CARE_KEYS,
  scheduleBodySchema,
  type DoseUnit,
  type Schedule,
  type ScheduleBody,
  type ScheduleKind,
} from '@pet/contract';

/** Every kind of scheduleRuleSchema, in the order the form offers them. */
export const SCHEDULE_KINDS: readonly ScheduleKind[] = [
  'daily',
  'every_hours',
  'weekdays',
  'every_days',
  'monthly',
  'course',
  'as_needed',
];

/** The kinds whose rule carries a list of times. */
export const KINDS_WITH_TIMES: ReadonlySet<ScheduleKind> = new Set([
  'daily',
  'weekdays',
  'every_days',
  'monthly',
  'course',
]);

/** The schedule form's state: numbers as typed (strings), so a half-typed value stays visible. */
export interface ScheduleFormState {
  kind: ScheduleKind;
  times: string[];
  hours: string;
  first_time: string;
  weekdays: number[];
  days: string;
  day_of_month: string;
  dose_amount: string;
  dose_unit: DoseUnit;
  starts_on: string;
  ends_on: string;
  stock_units: string;
  stock_warn_days: string;
}

export type ScheduleField =
  | 'rule'
  | 'times'
  | 'hours'
  | 'first_time'
  | 'weekdays'
  | 'days'
  | 'day_of_month'
  | 'dose_amount'
  | 'dose_unit'
  | 'starts_on'
  | 'ends_on'
  | 'stock_units'
  | 'stock_warn_days';

export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

export function emptyScheduleForm(today: string): ScheduleFormState {
  return {
    kind: 'daily',
    times: ['08:00'],
    hours: '8',
    first_time: '08:00',
    weekdays: [],
    days: '2',
    day_of_month: '1',
    dose_amount: '1',
    dose_unit: 'tablet',
    starts_on: today,
    ends_on: '',
    stock_units: '',
    stock_warn_days: '',
  };
}

/** The form filled from a stored schedule. */
export function scheduleFormOf(schedule: Schedule, today: string): ScheduleFormState {
  const form = emptyScheduleForm(today);
  const { rule } = schedule;
  const next: ScheduleFormState = {
    ...form,
    kind: rule.kind,
    dose_amount: String(schedule.dose_amount),
    dose_unit: schedule.dose_unit,
    starts_on: schedule.starts_on,
    ends_on: schedule.ends_on ?? '',
    stock_units: schedule.stock_units == null ? '' : String(schedule.stock_units),
    stock_warn_days: schedule.stock_warn_days == null ? '' : String(schedule.stock_warn_days),
  };
  if ('times' in rule) next.times = [...rule.times];
  if (rule.kind === 'every_hours') {
    next.hours = String(rule.hours);
    next.first_time = rule.first_time;
  }
  if (rule.kind === 'weekdays') next.weekdays = [...rule.weekdays];
  if (rule.kind === 'every_days' || rule.kind === 'course') next.days = String(rule.days);
  if (rule.kind === 'monthly') next.day_of_month = String(rule.day_of_month);
  return next;
}

/** A typed number, or NaN for text that is not one (the schema then refuses it). */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : numberOf(text));

/** The rule of the chosen kind only: the other kinds' fields are not sent. */
function ruleOf(form: ScheduleFormState): unknown {
  const times = [...form.times].filter((time) => time !== '').sort();
  switch (form.kind) {
    case 'daily':
      return { kind: 'daily', times };
    case 'every_hours':
      return { kind: 'every_hours', hours: numberOf(form.hours), first_time: form.first_time };
    case 'weekdays':
      return { kind: 'weekdays', weekdays: [...form.weekdays].sort((a, b) => a - b), times };
    case 'every_days':
      return { kind: 'every_days', days: numberOf(form.days), times };
    case 'monthly':
      return { kind: 'monthly', day_of_month: numberOf(form.day_of_month), times };
    case 'course':
      return { kind: 'course', days: numberOf(form.days), times };
    case 'as_needed':
      return { kind: 'as_needed' };
  }
}

/** The body as it would be sent, before the contract checks it. */
export function scheduleBodyDraft(form: ScheduleFormState): Record<string, unknown> {
  return {
    rule: ruleOf(form),
    dose_amount: numberOf(form.dose_amount),
    dose_unit: form.dose_unit,
    starts_on: form.starts_on,
    ends_on: form.ends_on === '' ? null : form.ends_on,
    stock_units: optionalNumber(form.stock_units),
    stock_warn_days: optionalNumber(form.stock_warn_days),
  };
}

/** The rule's field a contract issue path points at (rule.times.0 → times). */
function fieldOfPath(path: readonly PropertyKey[]): ScheduleField {
  const [first, second] = path;
  if (first === 'rule') {
    if (
      second === 'times' ||
      second === 'hours' ||
      second === 'first_time' ||
      second === 'weekdays' ||
      second === 'days' ||
      second === 'day_of_month'
    ) {
      return second;
    }
    return 'rule';
  }
  return first as ScheduleField;
}

/**
 * The schedule body checked by the contract's own schema, or the error key of each field (the
 * CARE_KEYS texts). An end before the start is the window error on the end date.
 */
export function toScheduleBody(
  form: ScheduleFormState,
): { ok: true; body: ScheduleBody } | { ok: false; errors: ScheduleErrors } {
  const parsed = scheduleBodySchema.safeParse(scheduleBodyDraft(form));
  const errors: ScheduleErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path);
      const message =
        issue.message.startsWith('Care_') || issue.message.endsWith('_Error')
          ? issue.message
          : CARE_KEYS.schedule;
      errors[field] ??= message;
    }
  }
  if (form.ends_on !== '' && form.starts_on !== '' && form.ends_on < form.starts_on) {
    errors.ends_on ??= CARE_KEYS.window;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
