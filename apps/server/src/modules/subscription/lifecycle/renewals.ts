import * as repo from '../subscription.repo.ts';
import { productById } from '../../plans/plans.repo.ts';
import { NOT_YET_PAID, newOrderNumber, uuidFromKey } from '../new-orders.ts';
import { requireProvider, type SubscriptionServiceDeps } from '../subscription-deps.ts';
import type { PeriodPayload, RetryPayload } from '../subscription.jobs.ts';
import { couponDiscountCents, payTypeOfPrice, planPrice } from '../checkout/pricing.ts';
import type { PaymentEventsService } from '../payment-events/payment-events.ts';
import type { PlanPeriods } from './plan-periods.ts';

/**
 * Renewals: at the period end the next period is charged off-session (SEPA only after its
 * pre-notification), retried in the grace period, or the plan ends.
 */
export class Renewals {
  constructor(
    private readonly deps: SubscriptionServiceDeps,
    private readonly periods: PlanPeriods,
    private readonly events: PaymentEventsService,
  ) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  /**
   * The period-end job. Stale jobs (the period was renewed, upgraded or ended meanwhile) do
   * nothing, so a job that runs twice or late is harmless.
   */
  async periodEnded({ userId, periodEnd }: PeriodPayload): Promise<void> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1) {
      await this.periods.endPlan(userId, periodEnd, 'plan-ended');
      return;
    }
    await this.chargeRenewal(userId, periodEnd, 0);
  }

  /** Days before the period end: a SEPA renewal's pre-notification (nothing is charged). */
  async announceRenewal({ userId, periodEnd }: PeriodPayload): Promise<void> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1 || subscription.payment_method_type !== 'sepa_debit') return;
    await this.chargeRenewal(userId, periodEnd, 0, 'announce');
  }

  /** The retry job of a failed renewal (attempt 1 to 3 after the period end). */
  async retryRenewal({ userId, periodEnd, attempt }: RetryPayload): Promise<void> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1) {
      await this.periods.endPlan(userId, periodEnd, 'plan-ended');
      return;
    }
    await this.chargeRenewal(userId, periodEnd, attempt);
  }

  /**
   * Charges the next period off-session at the current price of the plan (or of the pending
   * downgrade), minus a coupon that still applies. One order per attempt, with an id derived
   * from (user, period, attempt) and the same idempotency key at the provider: running the job
   * twice charges once.
   */
  private async chargeRenewal(
    userId: string,
    periodEnd: string,
    attempt: number,
    mode: 'charge' | 'announce' = 'charge',
  ): Promise<void> {
    const { db } = this.deps;
    const provider = requireProvider(this.deps.provider);
    const subscription = (await repo.findSubscription(db, userId))!;
    const productId = subscription.pending_product_id ?? subscription.product_id;
    const priceId = subscription.pending_price_id ?? subscription.stripe_price_id;
    const product = await productById(db, productId);
    const payType = product && priceId ? payTypeOfPrice(product, priceId) : null;
    const price = product && payType ? planPrice(product, payType) : null;
    if (
      !product ||
      !payType ||
      !price ||
      !subscription.stripe_customer_id ||
      !subscription.default_payment_method_id
    ) {
      // Nothing that could be charged (plan withdrawn, no saved method): the plan ends.
      if (mode === 'announce') return;
      await this.periods.endPlan(userId, periodEnd, 'plan-ended');
      return;
    }
    let discountCents = 0;
    const couponApplies =
      subscription.coupon_id !== null &&
      (subscription.coupon_renewals_left === null || subscription.coupon_renewals_left > 0);
    if (couponApplies) {
      const coupon = await repo.findCoupon(db, subscription.partner_id, subscription.coupon_id!);
      if (coupon) discountCents = couponDiscountCents(coupon, price.planCents);
    }
    // SEPA: collected only after its pre-notification; asking sends one when none went out.
    if (subscription.payment_method_type === 'sepa_debit') {
      const ready = await this.deps.sepa.readyToCollect({
        userId,
        partnerId: subscription.partner_id,
        periodEnd,
        attempt,
        productId: product.id,
        amountCents: price.planCents - discountCents,
        paymentMethodId: subscription.default_payment_method_id,
      });
      if (!ready || mode === 'announce') return;
    }
    const orderId = uuidFromKey(`renewal:${userId}:${periodEnd}:${attempt}`);
    const brand = this.deps.brandForPartner(subscription.partner_id);
    const now = this.now.toISOString();
    const last = await repo.orderOfPeriod(db, userId, subscription.current_period_start!);
    await repo.insertOrderOnce(db, {
      id: orderId,
      partner_id: subscription.partner_id,
      user_id: userId,
      order_number: newOrderNumber(brand, this.now),
      kind: 'renewal',
      status: 'placed',
      product_id: product.id,
      price_id: price.priceId,
      pay_type: payType,
      period_months: price.periodMonths,
      amount_cents: price.planCents - discountCents,
      plan_cents: price.planCents,
      tracker_cents: 0,
      discount_cents: discountCents,
      proration_cents: 0,
      coupon_id: couponApplies ? subscription.coupon_id : null,
      payment_intent_id: null,
      payment_type: subscription.payment_method_type,
      payment_method_id: subscription.default_payment_method_id,
      billing_name: last?.billing_name ?? '',
      billing_email: last?.billing_email ?? '',
      billing_street: last?.billing_street ?? '',
      billing_address: last?.billing_address ?? '',
      billing_zipcode: last?.billing_zipcode ?? '',
      billing_city: last?.billing_city ?? '',
      billing_country: last?.billing_country ?? '',
      billing_phone: last?.billing_phone ?? '',
      // The renewal continues the paid time: its period starts where the last one ended.
      period_start: periodEnd,
      ...NOT_YET_PAID,
      created_at: now,
      updated_at: now,
    });
    const order = (await repo.findOrder(db, orderId))!;
    if (order.status === 'paid' || order.status === 'failed') return;
    const intent = order.payment_intent_id
      ? await provider.retrievePaymentIntent(order.payment_intent_id)
      : await provider.chargeOffSession({
          amountCents: order.amount_cents,
          customerId: subscription.stripe_customer_id,
          paymentMethodId: subscription.default_payment_method_id,
          description: `${brand.name}: ${product.name} (${order.order_number})`,
          metadata: {
            order_id: orderId,
            user_id: userId,
            partner_id: subscription.partner_id,
            kind: 'renewal',
          },
          idempotencyKey: `renewal-${orderId}`,
        });
    await repo.updateOrder(db, orderId, { payment_intent_id: intent.id, updated_at: this.now.toISOString() });
    await this.events.applyPaymentIntent(intent);
  }
}
