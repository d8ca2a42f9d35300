import { COUPON_MESSAGES } from '@pet/contract';
import type { PayType } from './pricing.ts';
import type { CouponRow } from '../subscription.repo.ts';

/** One of the spec's 476 server messages (account-area section 8). */
export type CouponRefusal = (typeof COUPON_MESSAGES)[keyof typeof COUPON_MESSAGES];

export interface CouponCheckContext {
  now: Date;
  productId: string;
  payType: PayType;
  /** Redemptions plus open orders holding the coupon. */
  uses: number;
  redeemedByUser: boolean;
  /** Another coupon still discounts the user's renewals. */
  otherCouponActive: boolean;
  /** Whether the user has paid for a plan before (a new customer has not). */
  userHasPaid: boolean;
}

const productIdsOf = (coupon: CouponRow): string[] | null =>
  coupon.product_ids ? (JSON.parse(coupon.product_ids) as string[]) : null;

/**
 * The coupon rules in one place, in the order a customer should hear about them: a coupon that
 * does not exist, has not started, has run out or was used says so before questions of fit.
 * Answers the refusal's server message, or null when the coupon applies.
 */
export function couponRefusal(coupon: CouponRow | undefined, ctx: CouponCheckContext): CouponRefusal | null {
  if (!coupon || coupon.disabled === 1) return COUPON_MESSAGES.notFound;
  if (coupon.valid_from && new Date(coupon.valid_from) > ctx.now) return COUPON_MESSAGES.notStarted;
  if (coupon.valid_until && new Date(coupon.valid_until) < ctx.now) return COUPON_MESSAGES.expired;
  if (coupon.max_redemptions !== null && ctx.uses >= coupon.max_redemptions)
    return COUPON_MESSAGES.codeAlreadyRedeemed;
  if (ctx.redeemedByUser) return COUPON_MESSAGES.alreadyUsed;
  if (ctx.otherCouponActive) return COUPON_MESSAGES.tooMany;
  const products = productIdsOf(coupon);
  if (products && !products.includes(ctx.productId)) return COUPON_MESSAGES.notValidForProduct;

  const intervalMismatch = coupon.pay_type !== null && coupon.pay_type !== ctx.payType;
  // New or existing customer is a fact of the account (a paid order before), never the caller's
  // coupon_for: the web always sends existing_customer (spec), and a claim must not unlock a
  // new-customer price. So the spec's specific messages answer: "new customers only, user already
  // exists" for a customer who has paid, "existing users only" for one who never has.
  const wrongCustomer =
    coupon.applies_to === 'new' && ctx.userHasPaid
      ? COUPON_MESSAGES.newCustomerOnlyUserExists
      : coupon.applies_to === 'existing' && !ctx.userHasPaid
        ? COUPON_MESSAGES.existingOnlyNoUser
        : null;
  if (intervalMismatch && wrongCustomer) return COUPON_MESSAGES.durationAndCaseMismatch;
  if (intervalMismatch) return COUPON_MESSAGES.durationMismatch;
  if (wrongCustomer) return wrongCustomer;
  // A coupon that leaves (almost) nothing to pay is valid: the total then falls under the spec's
  // minimum payment, which the quote answers with 480 Amount_Less_Error (pricing.ts).
  return null;
}

/** How many renewals after the first payment the coupon still discounts (null: every one). */
export function couponRenewalsAfterFirst(coupon: CouponRow, periodMonths: number): number | null {
  if (coupon.duration === 'forever') return null;
  if (coupon.duration === 'once') return 0;
  // Repeating N months: the first period uses some of them; count the renewals that start within N.
  const months = coupon.duration_months ?? 0;
  return Math.max(0, Math.ceil(months / periodMonths) - 1);
}
