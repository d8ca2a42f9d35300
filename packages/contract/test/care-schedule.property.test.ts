import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduleRule } from '../src/entities/care.ts';
import {
  dayNumber,
  dayOfNumber,
  expandSchedule,
  localDayOf,
  localTimeOf,
  zonedTimeToUtc,
  type ScheduleWindow,
} from '../src/care-schedule.ts';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney'] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('care schedule: fixed cases', () => {
  it('moves a wall time in the spring gap forward by the gap, takes the first of a doubled one', () => {
    // Berlin 2027-03-28: 02:00 → 03:00.
    expect(new Date(zonedTimeToUtc('2027-03-28', '02:30', 'Europe/Berlin')).toISOString()).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    // Berlin 2027-10-31: 03:00 → 02:00; 02:30 exists twice, the first is 00:30Z.
    expect(new Date(zonedTimeToUtc('2027-10-31', '02:30', 'Europe/Berlin')).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(new Date(zonedTimeToUtc('2027-01-10', '08:00', 'Europe/Berlin')).toISOString()).toBe(
      '2027-01-10T07:00:00.000Z',
    );
  });

  it('monthly on the 31st falls on the last day of shorter months, leap days included', () => {
    const schedule: ScheduleWindow = {
      rule: { kind: 'monthly', day_of_month: 31, times: ['09:00'] },
      starts_on: '2028-01-01',
    };
    const slots = expandSchedule(schedule, 'Europe/Berlin', Date.UTC(2028, 0, 1), Date.UTC(2028, 5, 1));
    expect(slots.map((s) => localDayOf(s, 'Europe/Berlin'))).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
    ]);
  });

  it('every 8 hours keeps 8 elapsed hours across the autumn change (never doubles a dose)', () => {
    const schedule: ScheduleWindow = {
      rule: { kind: 'every_hours', hours: 8, first_time: '06:00' },
      starts_on: '2027-10-30',
    };
    const slots = expandSchedule(schedule, 'Europe/Berlin', Date.UTC(2027, 9, 30), Date.UTC(2027, 10, 1));
    expect(slots.map((s) => localTimeOf(s, 'Europe/Berlin'))).toEqual([
      '06:00',
      '14:00',
      '22:00',
      '05:00',
      '13:00',
      '21:00',
    ]);
  });

  it('a course runs its days; as needed has no slots; ends_on is inclusive', () => {
    const course = expandSchedule(
      { rule: { kind: 'course', days: 3, times: ['08:00', '20:00'] }, starts_on: '2027-05-01' },
      'Europe/Berlin',
      Date.UTC(2027, 3, 1),
      Date.UTC(2027, 6, 1),
    );
    expect(course).toHaveLength(6);
    expect(
      expandSchedule(
        { rule: { kind: 'as_needed' }, starts_on: '2027-05-01' },
        'UTC',
        0,
        Date.UTC(2030, 0, 1),
      ),
    ).toEqual([]);
    const ended = expandSchedule(
      { rule: { kind: 'daily', times: ['08:00'] }, starts_on: '2027-05-01', ends_on: '2027-05-03' },
      'Europe/Berlin',
      Date.UTC(2027, 3, 1),
      Date.UTC(2027, 6, 1),
    );
    expect(ended.map((s) => localDayOf(s, 'Europe/Berlin'))).toEqual([
      '2027-05-01',
      '2027-05-02',
      '2027-05-03',
    ]);
  });
});

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const times = fc.uniqueArray(hhmm, { minLength: 1, maxLength: 6 });
const rule: fc.Arbitrary<ScheduleRule> = fc.oneof(
  times.map((t) => ({ kind: 'daily' as const, times: t })),
  fc.record({
    kind: fc.constant('every_hours' as const),
    hours: fc.integer({ min: 1, max: 72 }),
    first_time: hhmm,
  }),
  fc.record({
    kind: fc.constant('weekdays' as const),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    times,
  }),
  fc.record({ kind: fc.constant('every_days' as const), days: fc.integer({ min: 2, max: 40 }), times }),
  fc.record({ kind: fc.constant('monthly' as const), day_of_month: fc.integer({ min: 1, max: 31 }), times }),
  fc.record({ kind: fc.constant('course' as const), days: fc.integer({ min: 1, max: 60 }), times }),
  fc.constant({ kind: 'as_needed' as const }),
);
// Start days around DST changes, month ends and leap days (2027-2029, 2028 a leap year).
const startDay = fc
  .integer({ min: dayNumber('2027-01-01'), max: dayNumber('2029-12-31') })
  .map((n) => dayOfNumber(n));
const schedule = fc.record({
  rule,
  starts_on: startDay,
  length: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
});

function toWindow(s: { rule: ScheduleRule; starts_on: string; length: number | null }): ScheduleWindow {
  return {
    rule: s.rule,
    starts_on: s.starts_on,
    ends_on: s.length === null ? null : dayOfNumber(dayNumber(s.starts_on) + s.length),
  };
}

/** A rule time as it appears on a day: itself, or shifted forward by the spring gap. */
function shiftedWall(day: string, time: string, zone: string): string {
  return localTimeOf(zonedTimeToUtc(day, time, zone), zone);
}

describe('care schedule: properties', () => {
  it('ascending, no duplicates, rule wall times, per-day counts, split ranges equal the whole', () => {
    fc.assert(
      fc.property(
        schedule,
        fc.constantFrom(...ZONES),
        fc.integer({ min: -5, max: 150 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60 * 24 }),
        (s, zone, fromDays, spanDays, splitMinutes) => {
          const window = toWindow(s);
          const from =
            Date.UTC(2027, 0, 1) + (dayNumber(s.starts_on) - dayNumber('2027-01-01') + fromDays) * DAY;
          const to = from + spanDays * DAY;
          const slots = expandSchedule(window, zone, from, to);
          for (let i = 1; i < slots.length; i += 1) expect(slots[i]!).toBeGreaterThan(slots[i - 1]!);
          for (const slot of slots) {
            expect(slot).toBeGreaterThanOrEqual(from);
            expect(slot).toBeLessThan(to);
          }
          // [a,b) ∪ [b,c) = [a,c)
          const b = Math.min(to, from + splitMinutes * 60_000 + 7 * HOUR);
          expect([...expandSchedule(window, zone, from, b), ...expandSchedule(window, zone, b, to)]).toEqual(
            slots,
          );

          const r = window.rule;
          if (r.kind === 'as_needed') {
            expect(slots).toEqual([]);
            return;
          }
          if (r.kind === 'every_hours') {
            for (let i = 1; i < slots.length; i += 1) expect(slots[i]! - slots[i - 1]!).toBe(r.hours * HOUR);
            const anchor = zonedTimeToUtc(s.starts_on, r.first_time, zone);
            for (const slot of slots) expect((slot - anchor) % (r.hours * HOUR)).toBe(0);
            return;
          }
          // Per local day: the distinct (possibly gap-shifted) rule times of that day, each once.
          const byDay = new Map<string, string[]>();
          for (const slot of slots) {
            const day = localDayOf(slot, zone);
            byDay.set(day, [...(byDay.get(day) ?? []), localTimeOf(slot, zone)]);
          }
          for (const [day, walls] of byDay) {
            const expected = new Set(r.times.map((t) => shiftedWall(day, t, zone)));
            for (const wall of walls) expect(expected.has(wall)).toBe(true);
            // A day wholly inside [from, to) has every one of its times.
            const dayStart = zonedTimeToUtc(day, '00:00', zone);
            const nextStart = zonedTimeToUtc(dayOfNumber(dayNumber(day) + 1), '00:00', zone);
            if (dayStart >= from && nextStart <= to) expect(walls.length).toBe(expected.size);
          }
          // Days of the rule inside the range that have no slot would be lost doses.
          const fromDay = dayNumber(localDayOf(from, zone)) + 1;
          const toDay = dayNumber(localDayOf(to, zone)) - 1;
          const last = window.ends_on ? dayNumber(window.ends_on) : Infinity;
          const startNo = dayNumber(s.starts_on);
          for (let n = Math.max(fromDay, startNo); n <= Math.min(toDay, last); n += 1) {
            const day = dayOfNumber(n);
            const date = new Date(n * DAY);
            let has: boolean;
            if (r.kind === 'daily') has = true;
            else if (r.kind === 'weekdays') has = r.weekdays.includes(((date.getUTCDay() + 6) % 7) + 1);
            else if (r.kind === 'every_days') has = (n - startNo) % r.days === 0;
            else if (r.kind === 'course') has = n - startNo < r.days;
            else {
              const lastOfMonth = new Date(
                Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0),
              ).getUTCDate();
              has = date.getUTCDate() === Math.min(r.day_of_month, lastOfMonth);
            }
            expect(byDay.has(day)).toBe(has);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('every DST change of the three zones in 2027-2029 keeps daily doses at one per time per day', () => {
    for (const zone of ZONES) {
      const slots = expandSchedule(
        { rule: { kind: 'daily', times: ['01:30', '02:30', '03:30', '12:00'] }, starts_on: '2027-01-01' },
        zone,
        Date.UTC(2027, 0, 1),
        Date.UTC(2030, 0, 1),
      );
      expect(new Set(slots).size).toBe(slots.length);
      const perDay = new Map<string, number>();
      for (const slot of slots) {
        const day = localDayOf(slot, zone);
        if (day > '2027-01-01' && day < '2029-12-31') perDay.set(day, (perDay.get(day) ?? 0) + 1);
      }
      // Only a spring-forward day (a time in the gap shifted onto the next rule time) has fewer.
      const short = [...perDay.values()].filter((n) => n < 4).length;
      expect(short).toBeLessThanOrEqual(3 * 2);
      expect([...perDay.values()].every((n) => n >= 3)).toBe(true);
    }
  });
});
