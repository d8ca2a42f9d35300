import { describe, expect, it } from 'vitest';
import type { Order } from '@pet/contract';
import { intervalLabel } from '@/features/bills/bill-texts';
import { createI18n } from '@/lib/i18n';

/** Issue 33.10: the bill of BASIS 24 (yearly price id, 24 months) names its interval every 2 years. */
describe('the interval of a bill', () => {
  const bill = (type: Order['type'], periodMonths?: number) =>
    ({ type, ...(periodMonths ? { period_months: periodMonths } : {}) }) as Order;

  it('says every 2 years for a 24-month order, in both languages', async () => {
    const de = await createI18n('de').changeLanguage('de');
    expect(intervalLabel(bill('yearly', 24), de)).toBe('Alle 2 Jahre');
    expect(intervalLabel(bill('yearly', 12), de)).toBe('Jährlich');
    const en = await createI18n('en').changeLanguage('en');
    expect(intervalLabel(bill('yearly', 24), en)).toBe('Every 2 years');
    expect(intervalLabel(bill('monthly', 1), en)).toBe('Monthly');
    expect(intervalLabel(bill('yearly'), en)).toBe('Yearly');
  });
});
