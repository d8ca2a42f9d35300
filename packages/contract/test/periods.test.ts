import { describe, expect, it } from 'vitest';
import { periodLastDay, periodText, sellerDate } from '../src/periods.ts';

describe('periods: a period ends the day before the next begins', () => {
  it('shows a yearly period from its first to its last day; the next one starts on the end day', () => {
    const start = '2026-11-29T09:30:00.000Z';
    const end = '2027-11-29T09:30:00.000Z';
    expect(periodText(start, end)).toBe('29.11.2026 – 28.11.2027');
    expect(sellerDate(end)).toBe('29.11.2027');
  });

  it('reads the seller’s (German) calendar: 23:30 UTC is already the next day in Berlin', () => {
    expect(sellerDate('2026-11-28T23:30:00.000Z')).toBe('29.11.2026');
    expect(periodLastDay('2027-11-28T23:30:00.000Z')).toBe('28.11.2027');
    // Summer time (UTC+2) too.
    expect(sellerDate('2027-06-30T22:15:00.000Z')).toBe('01.07.2027');
  });

  it('crosses month and year boundaries', () => {
    expect(periodLastDay('2027-03-01T10:00:00.000Z')).toBe('28.02.2027');
    expect(periodLastDay('2028-03-01T10:00:00.000Z')).toBe('29.02.2028');
    expect(periodLastDay('2028-01-01T10:00:00.000Z')).toBe('31.12.2027');
    expect(periodLastDay(new Date('2027-01-29T10:00:00.000Z'))).toBe('28.01.2027');
  });
});
