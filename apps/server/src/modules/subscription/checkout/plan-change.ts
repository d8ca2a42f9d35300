import { SUBSCRIPTION_KEYS } from '@pet/contract';
import type { ProductRow } from '../../../db/schema.ts';
import type { PayType } from './pricing.ts';

/** A change of plan that cannot be bought while the current one is paid: the key and message. */
export interface PlanChangeRefusal {
  key: string;
  message: string;
}

/**
 * Which purchase may replace a paid plan at once (account-area sections 4 and 8, proration). A
 * purchase starts now and credits the unused rest of the current period; a lower package is a
 * downgrade instead, which takes effect when the paid period ends (POST /v1/subscription/downgrade).
 * Lower means a lower sequence (the tracker brand's sequence follows the duration).
 *
 * - monthly to a lower yearly package: refused with the spec's own message ("cannot upgrade from
 *   a monthly to a lower yearly package"), although its yearly price would exceed the credit;
 * - any other lower package (e.g. Premium yearly to Basic monthly, BASIS 24 to BASIS 12): refused
 *   as a downgrade, with the way to schedule one;
 * - the same or a higher package: allowed (monthly to yearly of the same plan included); a credit
 *   larger than the price is refused by the quote (negative proration).
 */
export function planChangeRefusal(
  current: Pick<ProductRow, 'sequence'>,
  currentPayType: PayType | null,
  target: Pick<ProductRow, 'sequence'>,
  targetPayType: PayType,
): PlanChangeRefusal | null {
  if (target.sequence >= current.sequence) return null;
  if (currentPayType === 'monthly' && targetPayType === 'yearly') {
    return {
      key: SUBSCRIPTION_KEYS.monthlyToLowerYearly,
      message: 'Cannot upgrade from a monthly to a lower yearly package',
    };
  }
  return {
    key: SUBSCRIPTION_KEYS.lowerPlanIsDowngrade,
    message: 'A lower package starts when the paid period ends: schedule it as a downgrade',
  };
}
