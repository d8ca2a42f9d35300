import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  blankToNull,
  ddmmyyyySchema,
  ddMmYyyySortKey,
  formatDdMmYyyy,
  hhmmSchema,
  isDateBeforeToday,
  optionalDdMmYyyy,
  optionalEmailSchema,
  optionalHhMm,
  parseDdMmYyyy,
  requiredDdMmYyyy,
  requiredHhMm,
  requiredText,
  todayAtOffset,
  uploadImageQuerySchema,
} from '../src/entities/common.ts';
import { issuesOf, parseOk } from './helpers.ts';

function ymd(date: Date | null): [number, number, number] | null {
  return date ? [date.getFullYear(), date.getMonth() + 1, date.getDate()] : null;
}

describe('parseDdMmYyyy', () => {
  it('reads valid calendar dates as local midnight', () => {
    const date = parseDdMmYyyy('05.03.2024');
    expect(ymd(date)).toEqual([2024, 3, 5]);
    expect([date?.getHours(), date?.getMinutes(), date?.getSeconds()]).toEqual([0, 0, 0]);
  });

  it('knows leap years', () => {
    expect(ymd(parseDdMmYyyy('29.02.2024'))).toEqual([2024, 2, 29]);
    expect(ymd(parseDdMmYyyy('29.02.2000'))).toEqual([2000, 2, 29]);
    expect(parseDdMmYyyy('29.02.2023')).toBeNull();
    expect(parseDdMmYyyy('29.02.1900')).toBeNull();
    expect(parseDdMmYyyy('29.02.2100')).toBeNull();
  });

  it.each([
    '31.02.2024',
    '31.04.2024',
    '32.01.2024',
    '00.01.2024',
    '01.00.2024',
    '01.13.2024',
    '01.01.0000',
    '1.1.2024',
    '01.01.24',
    '2024-01-01',
    '01/01/2024',
    ' 01.01.2024',
    '01.01.2024x',
    '',
    'aa.bb.cccc',
  ])('rejects %j', (text) => {
    expect(parseDdMmYyyy(text)).toBeNull();
  });

  it('keeps two-digit years as written (no 19xx mapping)', () => {
    expect(ymd(parseDdMmYyyy('01.01.0099'))).toEqual([99, 1, 1]);
  });

  it('round-trips every date through format and parse (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(1000, 0, 1), max: new Date(9999, 11, 31), noInvalidDate: true }),
        (date) => {
          const text = formatDdMmYyyy(date);
          expect(text).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
          expect(ymd(parseDdMmYyyy(text))).toEqual(ymd(date));
        },
      ),
    );
  });

  it('accepts exactly the calendar-valid day/month/year triples (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 9999 }),
        (day, month, year) => {
          const text = `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${String(year).padStart(4, '0')}`;
          const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
          const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
          const valid = month >= 1 && month <= 12 && day >= 1 && day <= monthDays[month - 1]!;
          const parsed = parseDdMmYyyy(text);
          expect(parsed !== null).toBe(valid);
          if (parsed) expect(formatDdMmYyyy(parsed)).toBe(text);
        },
      ),
    );
  });
});

describe('formatDdMmYyyy', () => {
  it('pads day, month and year', () => {
    expect(formatDdMmYyyy(new Date(2024, 0, 5))).toBe('05.01.2024');
    expect(formatDdMmYyyy(new Date(2024, 11, 31, 23, 59))).toBe('31.12.2024');
  });
});

describe('date and time schemas', () => {
  it('ddmmyyyySchema trims and rejects invalid dates with one Date_Format_Error', () => {
    expect(parseOk(ddmmyyyySchema, ' 01.02.2024 ')).toBe('01.02.2024');
    expect(issuesOf(ddmmyyyySchema, '31.02.2024')).toEqual([': Date_Format_Error']);
    expect(issuesOf(ddmmyyyySchema, '2024-02-01')).toEqual([': Date_Format_Error']);
    expect(issuesOf(ddmmyyyySchema, undefined)).toEqual([': Date_Format_Error']);
  });

  it('requiredDdMmYyyy separates missing from malformed', () => {
    const schema = requiredDdMmYyyy('Date_is_Required');
    expect(issuesOf(schema, '')).toEqual([': Date_is_Required']);
    expect(issuesOf(schema, '   ')).toEqual([': Date_is_Required']);
    expect(issuesOf(schema, undefined)).toEqual([': Date_is_Required']);
    expect(issuesOf(schema, '30.02.2024')).toEqual([': Date_Format_Error']);
    expect(parseOk(schema, '29.02.2024')).toBe('29.02.2024');
  });

  it('optionalDdMmYyyy allows empty, null and missing', () => {
    for (const value of ['', null, undefined, '01.01.2020'])
      expect(issuesOf(optionalDdMmYyyy, value)).toEqual([]);
    expect(issuesOf(optionalDdMmYyyy, '1.1.2020')).toEqual([': Date_Format_Error']);
  });

  it('hhmmSchema is 24 h HH:mm', () => {
    for (const ok of ['00:00', '09:05', '12:30', '23:59']) expect(issuesOf(hhmmSchema, ok)).toEqual([]);
    for (const bad of ['24:00', '9:05', '12:60', '12.30', '1230', '12:3', ''])
      expect(issuesOf(hhmmSchema, bad)).toEqual([': Time_Format_Error']);
  });

  it('requiredHhMm and optionalHhMm', () => {
    const schema = requiredHhMm('Time_is_Required');
    expect(issuesOf(schema, '')).toEqual([': Time_is_Required']);
    expect(issuesOf(schema, '25:00')).toEqual([': Time_Format_Error']);
    expect(issuesOf(optionalHhMm, '')).toEqual([]);
    expect(issuesOf(optionalHhMm, '7 pm')).toEqual([': Time_Format_Error']);
  });

  it('ddMmYyyySortKey orders by calendar, not by text', () => {
    expect(ddMmYyyySortKey('02.01.2024')).toBeGreaterThan(ddMmYyyySortKey('31.12.2023'));
    expect(ddMmYyyySortKey('nope')).toBeNaN();
  });

  it('isDateBeforeToday compares calendar days only', () => {
    const today = new Date(2024, 5, 15, 23, 59);
    expect(isDateBeforeToday('14.06.2024', today)).toBe(true);
    expect(isDateBeforeToday('15.06.2024', today)).toBe(false);
    expect(isDateBeforeToday('16.06.2024', today)).toBe(false);
    expect(isDateBeforeToday('15.06.2023', today)).toBe(true);
    expect(isDateBeforeToday('garbage', today)).toBe(false);
  });

  it('todayAtOffset gives the calendar day in the given zone', () => {
    const lateEvening = new Date(Date.UTC(2024, 0, 1, 23, 30));
    expect(formatDdMmYyyy(todayAtOffset(1, lateEvening))).toBe('02.01.2024');
    expect(formatDdMmYyyy(todayAtOffset(0, lateEvening))).toBe('01.01.2024');
    expect(formatDdMmYyyy(todayAtOffset(-5, new Date(Date.UTC(2024, 0, 2, 3))))).toBe('01.01.2024');
    expect(formatDdMmYyyy(todayAtOffset(5.5, new Date(Date.UTC(2024, 1, 28, 18, 45))))).toBe('29.02.2024');
  });
});

describe('text helpers', () => {
  it('requiredText trims and gives its key when empty or missing', () => {
    const schema = requiredText('Name_Error');
    expect(parseOk(schema, '  Bello  ')).toBe('Bello');
    expect(issuesOf(schema, '   ')).toEqual([': Name_Error']);
    expect(issuesOf(schema, undefined)).toEqual([': Name_Error']);
    expect(issuesOf(schema, 42)).toEqual([': Name_Error']);
  });

  it('optionalEmailSchema: trimmed, empty allowed, otherwise valid', () => {
    expect(parseOk(optionalEmailSchema, '  vet@example.com ')).toBe('vet@example.com');
    for (const value of ['', '   ', null, undefined])
      expect(issuesOf(optionalEmailSchema, value)).toEqual([]);
    for (const bad of ['vet', 'vet@', '@example.com', 'vet@example', 'a b@example.com'])
      expect(issuesOf(optionalEmailSchema, bad)).toEqual([': Email_Format_Error']);
  });

  it('blankToNull', () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull(undefined)).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull('x')).toBe('x');
  });
});

describe('shared queries and bodies', () => {
  it('uploadImageQuerySchema needs pet_id for pets only', () => {
    expect(issuesOf(uploadImageQuerySchema, { file_for: 'user' })).toEqual([]);
    expect(issuesOf(uploadImageQuerySchema, { file_for: 'pet', pet_id: 'p1' })).toEqual([]);
    expect(issuesOf(uploadImageQuerySchema, { file_for: 'pet' })).toHaveLength(1);
    expect(issuesOf(uploadImageQuerySchema, { file_for: 'pet' })[0]).toMatch(/^pet_id: /);
    expect(issuesOf(uploadImageQuerySchema, { file_for: 'document' })).not.toEqual([]);
  });
});
