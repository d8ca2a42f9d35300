import { MIN_PAYMENT_EUR } from '@pet/contract';
import type { ProductRow } from '../../../db/schema.ts';
import type { CouponRow } from '../subscription.repo.ts';

/**
 * Every amount of the buying path, computed here and only here, in integer cents (DESIGN.md
 * section 7: the client's numbers are never trusted). Pure functions: no database, no clock.
 */

export type PayType = 'monthly' | 'yearly';

/** What an order for a plan pays for: the price id charged and the months of the period. */
export interface PlanPrice {
  priceId: string;
  planCents: number;
  periodMonths: number;
}

/**
 * The plan's price for an interval. The tracker brand sells by duration: BASIS 1 has only a
 * monthly price, BASIS 12 and 24 only a "yearly" price that pays for their duration.
 * Null when the plan has no such price (free plans, a missing price id).
 */
export function planPrice(product: ProductRow, payType: PayType): PlanPrice | null {
  if (product.duration !== null) {
    const monthly = product.duration === 1;
    const priceId = monthly ? product.monthly_price_id : product.yearly_price_id;
    const cents = monthly ? product.monthly_price_cents : product.yearly_price_cents;
    if (!priceId || cents <= 0) return null;
    return { priceId, planCents: cents, periodMonths: product.duration };
  }
  const priceId = payType === 'monthly' ? product.monthly_price_id : product.yearly_price_id;
  const cents = payType === 'monthly' ? product.monthly_price_cents : product.yearly_price_cents;
  if (!priceId || cents <= 0) return null;
  return { priceId, planCents: cents, periodMonths: payType === 'monthly' ? 1 : 12 };
}

/** The interval a price id stands for on this plan, or null when it is not one of the plan's. */
export function payTypeOfPrice(product: ProductRow, priceId: string): PayType | null {
  if (priceId === product.monthly_price_id) return 'monthly';
  if (priceId === product.yearly_price_id) return 'yearly';
  return null;
}

/** Discount of a coupon on the plan price (never on the tracker), at most the plan price. */
export function couponDiscountCents(
  coupon: Pick<CouponRow, 'percent_off' | 'amount_off_cents'>,
  planCents: number,
): number {
  if (coupon.percent_off !== null)
    return Math.min(planCents, Math.round((planCents * coupon.percent_off) / 100));
  if (coupon.amount_off_cents !== null) return Math.min(planCents, coupon.amount_off_cents);
  return 0;
}

/** The period a user has paid for and what was paid for the plan in it (proration's basis). */
export interface PaidPeriod {
  start: Date;
  end: Date;
  paidPlanCents: number;
}

/**
 * Credit for the unused part of the current paid period, rounded down to the cent: the plan
 * price paid times the share of the period still ahead. Zero without a paid period or after it.
 */
export function prorationCreditCents(period: PaidPeriod | null, now: Date): number {
  if (!period) return 0;
  const total = period.end.getTime() - period.start.getTime();
  const left = period.end.getTime() - now.getTime();
  if (total <= 0 || left <= 0) return 0;
  return Math.floor((period.paidPlanCents * Math.min(left, total)) / total);
}

export interface Quote {
  priceId: string;
  payType: PayType;
  periodMonths: number;
  planCents: number;
  trackerCents: number;
  discountCents: number;
  prorationCents: number;
  totalCents: number;
}

export interface QuoteInput {
  price: PlanPrice;
  payType: PayType;
  /** The tracker's one-time price when the user has no tracker yet (tracker brand), else 0. */
  trackerCents: number;
  discountCents: number;
  prorationCents: number;
}

/** total = plan + tracker - discount - proration credit; negative means the credit is larger. */
export function quote(input: QuoteInput): Quote {
  const { price } = input;
  return {
    priceId: price.priceId,
    payType: input.payType,
    periodMonths: price.periodMonths,
    planCents: price.planCents,
    trackerCents: input.trackerCents,
    discountCents: input.discountCents,
    prorationCents: input.prorationCents,
    totalCents: price.planCents + input.trackerCents - input.discountCents - input.prorationCents,
  };
}

/**
 * Negative proration: the credit for the current period alone exceeds the price. A coupon that
 * takes the rest below zero is not: that total is under the minimum payment (480).
 */
export function creditExceedsPrice(q: Quote): boolean {
  return q.planCents + q.trackerCents - q.prorationCents < 0;
}

/** The spec's minimum payment (0.50 EUR): a smaller total cannot be charged (480). */
export function belowMinimumPayment(totalCents: number): boolean {
  return totalCents < Math.round(MIN_PAYMENT_EUR * 100);
}

/** Cents as euro for the API: integer cents are already truncated to two decimals. */
export const euro = (cents: number): number => cents / 100;

/** Adds calendar months (the day is kept, or the month's last day when it has fewer). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
