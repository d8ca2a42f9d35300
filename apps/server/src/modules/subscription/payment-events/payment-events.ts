import { randomUUID } from 'node:crypto';
import type { PaymentIntentInfo, ProviderEvent } from '../../../platform/payments/types.ts';
import * as repo from '../subscription.repo.ts';
import { invoiceNumberOf } from '../new-orders.ts';
import { requireProvider, type SubscriptionServiceDeps } from '../subscription-deps.ts';
import { SUBSCRIPTION_MAIL_JOB, type MailPayload } from '../subscription.jobs.ts';
import { addMonths } from '../checkout/pricing.ts';
import { couponRenewalsAfterFirst } from '../checkout/coupons.ts';
import type { PlanPeriods } from '../lifecycle/plan-periods.ts';
import type { PaymentMethods } from '../lifecycle/payment-method.ts';

/**
 * What a payment means, decided from the provider's current state of a payment intent (never
 * from the order of webhook events): an order placed, processing, paid or failed.
 */
export class PaymentEventsService {
  constructor(
    private readonly deps: SubscriptionServiceDeps,
    private readonly periods: PlanPeriods,
    private readonly paymentMethods: PaymentMethods,
  ) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  /**
   * A verified webhook event. Idempotent by event id; order-independent because the payment
   * intent is read again from the provider and the order only ever moves forward. `applied` runs
   * between the effects and the record that the event was processed (the webhook's test seam).
   *
   * The one exception to reading the intent again: its order is already settled (see `settled`).
   * Nothing an intent can say moves such an order, so the provider's answer could change nothing,
   * and the event's own object is not used at all: only its intent id, which the signature vouches
   * for. (The object itself is not as good as a read: it may be older than a later event, and it
   * comes without the expanded payment method and mandate that markPaid and the SEPA notice use.)
   */
  async handleEvent(event: ProviderEvent, applied?: () => void): Promise<{ duplicate: boolean }> {
    const { db } = this.deps;
    const type = event.type === 'other' ? event.stripeType : event.type;
    if (await repo.eventAlreadyProcessed(db, { id: event.id, type }, this.now.toISOString())) {
      return { duplicate: true };
    }
    if ('paymentIntent' in event) {
      const provider = requireProvider(this.deps.provider);
      const order = await repo.findOrderByPaymentIntent(db, event.paymentIntent.id);
      if (!order || !settled(order)) {
        await this.applyPaymentIntent(await provider.retrievePaymentIntent(event.paymentIntent.id), order);
      }
    } else if (event.type === 'checkout.session.completed') {
      await this.paymentMethods.checkoutCompleted(event.checkoutSession.id);
    }
    applied?.();
    await repo.markEventProcessed(db, event.id, this.now.toISOString());
    return { duplicate: false };
  }

  /**
   * Moves the order of a payment intent to what the intent's current state means. `known`: the
   * order of the intent, when the caller has just read it.
   */
  async applyPaymentIntent(intent: PaymentIntentInfo, known?: repo.OrderRow): Promise<void> {
    const { db } = this.deps;
    const order =
      known ??
      (await repo.findOrderByPaymentIntent(db, intent.id)) ??
      (intent.metadata.order_id ? await repo.findOrder(db, intent.metadata.order_id) : undefined);
    if (!order) return; // deleted after a decline, or not ours
    await this.deps.sepa.debitUnderWay(intent, order);
    if (intent.status === 'succeeded') await this.markPaid(order.id, intent);
    else if (intent.status === 'processing') await this.markProcessing(order.id, intent);
    else if (
      intent.status === 'canceled' ||
      (intent.status === 'requires_payment_method' && intent.lastError)
    ) {
      await this.markFailed(order.id, intent);
    }
  }

  private async markProcessing(orderId: string, intent: PaymentIntentInfo): Promise<void> {
    await repo.markOrderProcessing(this.deps.db, orderId, {
      payment_type: intent.paymentMethodType,
      payment_method_id: intent.paymentMethodId,
      updated_at: this.now.toISOString(),
    });
  }

  private async markFailed(orderId: string, intent: PaymentIntentInfo): Promise<void> {
    const { db, kind, jobs } = this.deps;
    await db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, kind, orderId);
      if (!order || (order.status !== 'placed' && order.status !== 'processing')) return;
      const failureCode = intent.lastError?.declineCode ?? intent.lastError?.code ?? intent.status;
      await repo.updateOrder(trx, orderId, {
        status: 'failed',
        payment_type: intent.paymentMethodType ?? order.payment_type,
        failure_code: failureCode,
        failure_message: intent.lastError?.message ?? null,
        updated_at: this.now.toISOString(),
      });
      if (order.kind === 'renewal') {
        await this.periods.renewalFailed(trx, { ...order, failure_code: failureCode });
        return;
      }
      // A card declined at checkout is shown on the page at once; a debit that fails days later
      // (SEPA) is only learnt by mail.
      if (order.status === 'processing') {
        await jobs.schedule(
          SUBSCRIPTION_MAIL_JOB,
          { kind: 'payment-failed', orderId } satisfies MailPayload,
          { trx, dedupeKey: `subscription-mail:payment-failed:${orderId}` },
        );
      }
    });
  }

  /**
   * Paid: the order gets the brand's next invoice number and its period, the plan is active at
   * once, the coupon counts as redeemed, and the confirmation mail is scheduled, all in one
   * transaction (a second delivery of the same payment finds the order paid and does nothing).
   */
  private async markPaid(orderId: string, intent: PaymentIntentInfo): Promise<void> {
    const { db, kind, jobs } = this.deps;
    await db.transaction().execute(async (trx) => {
      const order = await repo.lockOrder(trx, kind, orderId);
      if (!order || order.status === 'paid') return;
      await repo.lockSubscription(trx, kind, order.user_id);
      const brand = this.deps.brandForPartner(order.partner_id);
      const now = this.now;
      // A renewal continues the paid time without a gap; a purchase starts now.
      const periodStart = order.kind === 'renewal' && order.period_start ? new Date(order.period_start) : now;
      const periodEnd = addMonths(periodStart, order.period_months);
      const seq = await repo.nextInvoiceSeq(trx, order.partner_id);
      await repo.updateOrder(trx, order.id, {
        status: 'paid',
        paid_at: now.toISOString(),
        invoice_seq: seq,
        invoice_number: invoiceNumberOf(brand, seq, now),
        period_start: periodStart.toISOString(),
        period_end: periodEnd.toISOString(),
        payment_type: intent.paymentMethodType ?? order.payment_type,
        payment_method_id: intent.paymentMethodId ?? order.payment_method_id,
        failure_code: null,
        failure_message: null,
        updated_at: now.toISOString(),
      });
      const before = (await repo.findSubscription(trx, order.user_id))!;
      let couponRenewalsLeft: number | null = null;
      let keepCoupon = false;
      if (order.kind === 'renewal') {
        // A renewal used one of the coupon's discounted periods (if it had any left).
        keepCoupon =
          before.coupon_id !== null &&
          (before.coupon_renewals_left === null || before.coupon_renewals_left > 1);
        couponRenewalsLeft =
          keepCoupon && before.coupon_renewals_left !== null ? before.coupon_renewals_left - 1 : null;
      } else if (order.coupon_id) {
        await repo.redeemCoupon(trx, {
          id: randomUUID(),
          couponId: order.coupon_id,
          userId: order.user_id,
          orderId: order.id,
          at: now.toISOString(),
        });
        const coupon = await repo.findCoupon(trx, order.partner_id, order.coupon_id);
        if (coupon) {
          couponRenewalsLeft = couponRenewalsAfterFirst(coupon, order.period_months);
          keepCoupon = couponRenewalsLeft === null || couponRenewalsLeft > 0;
        }
      }
      await repo.updateSubscription(trx, order.user_id, {
        product_id: order.product_id,
        product_associated: 1,
        product_expires_at: null,
        stripe_price_id: order.price_id,
        stripe_subscription_end: Math.floor(periodEnd.getTime() / 1000),
        stripe_customer_id: intent.customerId ?? undefined,
        pay_type: order.pay_type,
        current_period_start: periodStart.toISOString(),
        current_period_end: periodEnd.toISOString(),
        default_payment_method_id: intent.paymentMethodId ?? order.payment_method_id,
        payment_method_type: intent.paymentMethodType ?? order.payment_type,
        coupon_id: keepCoupon ? (order.coupon_id ?? before.coupon_id) : null,
        coupon_renewals_left: keepCoupon ? couponRenewalsLeft : null,
        is_promo: 0,
        is_gift: 0,
        is_trial: 0,
        trial_months: null,
        cancel_at_period_end: 0,
        pending_product_id: null,
        pending_price_id: null,
        renewal_failures: 0,
        ended_at: null,
        updated_at: now.toISOString(),
      });
      await jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        { kind: order.kind === 'renewal' ? 'renewal-paid' : 'order-paid', orderId } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:order-paid:${orderId}` },
      );
      await this.periods.schedulePeriodEnd(trx, order.user_id, periodEnd);
    });
  }
}

/**
 * An order no payment intent state can move any more: paid is the state machine's last state
 * (markPaid, markProcessing and markFailed all leave it), and a paid SEPA order has its mandate
 * recorded (debitUnderWay's one effect on a paid order is recording a missing one).
 */
function settled(order: repo.OrderRow): boolean {
  return order.status === 'paid' && (order.payment_type !== 'sepa_debit' || order.mandate_reference !== null);
}
