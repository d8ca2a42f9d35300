import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import * as constants from '../src/constants.ts';
import {
  billingIntervalOf,
  FREE_DOCUMENTS_LIMIT,
  documentLimitReached,
  UNLIMITED_DOCUMENTS,
  epochSecondsToDate,
  formatEuro,
  isUnlimitedDocuments,
  petLimitReached,
  truncateToCents,
} from '../src/constants.ts';

describe('truncateToCents', () => {
  it('truncates instead of rounding', () => {
    expect(truncateToCents(19.999)).toBe(19.99);
    expect(truncateToCents(0.505)).toBe(0.5);
    expect(truncateToCents(2.999999)).toBe(2.99);
  });

  it('keeps exact cent amounts despite float noise', () => {
    expect(truncateToCents(0.29)).toBe(0.29);
    expect(truncateToCents(19.99)).toBe(19.99);
    expect(truncateToCents(0.1 + 0.2)).toBe(0.3);
  });

  it('is the identity on whole cents (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(truncateToCents(cents / 100)).toBe(cents / 100);
      }),
    );
  });

  it('drops any fraction of a cent (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 0, max: 0.0099, noNaN: true }),
        (cents, fraction) => {
          expect(truncateToCents(cents / 100 + fraction)).toBe(cents / 100);
        },
      ),
    );
  });

  it('never exceeds the amount by more than float noise (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e6, noNaN: true }), (amount) => {
        const truncated = truncateToCents(amount);
        expect(truncated).toBeLessThanOrEqual(amount + 1e-9);
        expect(amount - truncated).toBeLessThan(0.01);
      }),
    );
  });
});

describe('formatEuro', () => {
  it('uses a decimal comma, two digits and the euro sign', () => {
    expect(formatEuro(19.999)).toBe('19,99 €');
    expect(formatEuro(0.5)).toBe('0,50 €');
    expect(formatEuro(49.95)).toBe('49,95 €');
    expect(formatEuro(59)).toBe('59,00 €');
    expect(formatEuro(0)).toBe('0,00 €');
  });
});

describe('limits', () => {
  it('documents_limit of 100 or more and UNLIMITED_DOCUMENTS show as unlimited', () => {
    expect(isUnlimitedDocuments(99)).toBe(false);
    expect(isUnlimitedDocuments(100)).toBe(true);
    expect(isUnlimitedDocuments(1000)).toBe(true);
    expect(isUnlimitedDocuments(UNLIMITED_DOCUMENTS)).toBe(true);
  });

  it('documentLimitReached', () => {
    expect(documentLimitReached(FREE_DOCUMENTS_LIMIT, FREE_DOCUMENTS_LIMIT)).toBe(true);
    expect(documentLimitReached(4, 5)).toBe(false);
    expect(documentLimitReached(6, 5)).toBe(true);
    expect(documentLimitReached(99, 99)).toBe(true);
    // A cap of 100 is shown as unlimited but holds (issue 14.20); only UNLIMITED_DOCUMENTS has none.
    expect(documentLimitReached(99, 100)).toBe(false);
    expect(documentLimitReached(100, 100)).toBe(true);
    expect(documentLimitReached(150, 150)).toBe(true);
    expect(documentLimitReached(5000, UNLIMITED_DOCUMENTS)).toBe(false);
  });

  it('petLimitReached at or above pets_limit', () => {
    expect(petLimitReached(0, 1)).toBe(false);
    expect(petLimitReached(1, 1)).toBe(true);
    expect(petLimitReached(4, 3)).toBe(true);
  });

  it('epoch seconds to Date', () => {
    expect(epochSecondsToDate(1_700_000_000).getTime()).toBe(1_700_000_000_000);
  });
});

describe('billingIntervalOf (issue 33.10)', () => {
  it('names the 24-month tracker plan every 2 years, never yearly', () => {
    expect(billingIntervalOf(24, 'yearly')).toBe('everyTwoYears');
    expect(billingIntervalOf(12, 'yearly')).toBe('yearly');
    expect(billingIntervalOf(1, 'monthly')).toBe('monthly');
    expect(billingIntervalOf(null, 'monthly')).toBe('monthly');
    expect(billingIntervalOf(null, 'yearly')).toBe('yearly');
  });
});

describe('section 9 prices that are sold (issue 33.6)', () => {
  it('has no price for the unnamed "optional services": nothing may be offered for them', () => {
    expect(Object.keys(constants).filter((name) => /OPTIONAL_SERVICES/.test(name))).toEqual([]);
  });
});
