import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  COUPON_MESSAGES,
  SUBSCRIPTION_KEYS,
  couponMessageKey,
  declineReasonOf,
  declineText,
  Status,
  periodLastDay,
  sellerDate,
  userLanguageToUi,
  type BrandConfig,
  type CouponCheckBody,
  type Downgrading,
  type PaymentMethodResponse,
  type SubscriptionChangeResponse,
  type CouponCheckResponse,
  type OrderStatusResponse,
  type PaymentRequestBody,
  type PaymentRequestResponse,
  type PricesBody,
  type PricesResponse,
  type ProductListResponse,
} from '@pet/contract';
import type { Database, ProductRow } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { badRequest, forbidden, notFound, withStatus } from '../../platform/errors.ts';
import { isUniqueViolation } from '../../platform/identity/db-errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  PaymentProviderUnavailableError,
  type PaymentIntentInfo,
  type PaymentProvider,
  type ProviderEvent,
} from '../../platform/payments/types.ts';
import { defaultProduct, listProducts, productById, toProduct } from '../plans/plans.repo.ts';
import { couponRefusal, couponRenewalsAfterFirst } from './checkout/coupons.ts';
import { planChangeRefusal } from './checkout/plan-change.ts';
import { ownsTracker } from './checkout/tracker-ownership.ts';
import {
  addMonths,
  belowMinimumPayment,
  couponDiscountCents,
  creditExceedsPrice,
  euro,
  payTypeOfPrice,
  planPrice,
  prorationCreditCents,
  quote,
  type PayType,
  type Quote,
} from './checkout/pricing.ts';
import * as repo from './subscription.repo.ts';
import { SEPA_ANNOUNCE_RENEWAL_JOB, type SepaPrenotifications } from './lifecycle/sepa-prenotification.ts';
import type { MailDocument } from './billing/invoices.service.ts';
import {
  formatDate,
  mailDate,
  mailDocumentOf,
  renderSubscriptionMail,
  type SubscriptionMailKind,
} from './subscription.mails.ts';
import { AUTHENTICATION_REQUIRED, graceEndOf, type RenewalSchedule } from './lifecycle/renewal-attention.ts';

/** Sends one subscription mail; scheduled in the transaction of the change it reports. */
export const SUBSCRIPTION_MAIL_JOB = 'subscription.mail';
/** At the end of a paid period: renew (charge off-session), switch to a pending downgrade, or end. */
export const PERIOD_END_JOB = 'subscription.period-end';
/** A renewal charge again, days after it failed (grace period). */
export const RENEWAL_RETRY_JOB = 'subscription.renewal-retry';
/** A week before the reactivation window closes: the mail that documents will be deleted. */
export const DOCUMENTS_WARNING_JOB = 'subscription.documents-warning';
/** When the reactivation window closes: only the newest documents remain. */
export const DOCUMENTS_CLEANUP_JOB = 'subscription.documents-cleanup';

/** Failed renewals are retried this many days after the period end, then the plan ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
/** A plan that ended can be bought again within this window with nothing lost (4 weeks). */
export const REACTIVATION_WINDOW_DAYS = 28;
export const RENEWAL_SCHEDULE: RenewalSchedule = {
  retryDays: RENEWAL_RETRY_DAYS,
  reactivationDays: REACTIVATION_WINDOW_DAYS,
};
/** After the window only this many documents (the newest) remain. */
export const DOCUMENTS_KEPT_AFTER_END = 5;

const DAY_MS = 24 * 3600 * 1000;

interface MailPayload {
  kind: SubscriptionMailKind;
  /** The order the mail reports; plan mails without an order name the user instead. */
  orderId?: string;
  userId?: string;
  /** Epoch seconds shown in the mail (end date, effective date, deletion date). */
  date?: number;
  /** ISO time a cancellation was received (the termination mail names it, § 312k BGB). */
  receivedAt?: string;
}

interface PeriodPayload {
  userId: string;
  /** The current_period_end the job was scheduled for: a stale job (the period moved) does nothing. */
  periodEnd: string;
}

interface EndedPayload {
  userId: string;
  endedAt: string;
}

export interface SubscriptionServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Null when no provider is configured (production without Stripe keys): buying answers 503. */
  provider: PaymentProvider | null;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** Deletes all but the newest `keep` documents of a user (documents module). */
  keepNewestDocuments: (userId: string, keep: number) => Promise<number>;
  /** SEPA mandates and pre-notifications (sepa-prenotification.ts). */
  sepa: SepaPrenotifications;
  /** The invoice or correction PDF and its signed link, rendered when a mail that carries it is sent. */
  mailDocument: (orderId: string, document: 'invoice' | 'credit_note') => Promise<MailDocument>;
  /** The signed link that signs the owner in to pay a renewal on session (renewal-attention.ts). */
  renewalPaymentLink?: (origin: string, userId: string, orderId: string, periodEnd: string) => string;
}

export interface Buyer {
  id: string;
  email: string;
  name: string;
}

/** What a new order does not have until it is paid (or fails). */
const NOT_YET_PAID = {
  period_end: null,
  invoice_number: null,
  invoice_seq: null,
  paid_at: null,
  failure_code: null,
  failure_message: null,
} as const;

/** A 476 answer: the spec's server message, with its key from the contract's 476 table. */
const couponRejected = (message: string) =>
  withStatus(Status.CouponRejected, couponMessageKey(message), message);

const newOrderNumber = (brand: BrandConfig, now: Date) =>
  `${brand.seller.invoicePrefix}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A stable UUID for a key: the same renewal attempt always gets the same order id. */
function uuidFromKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const invoiceNumberOf = (brand: BrandConfig, seq: number, paidAt: Date) =>
  `${brand.seller.invoicePrefix}-${paidAt.getUTCFullYear()}-${String(seq).padStart(6, '0')}`;

/**
 * The subscription state machine (DESIGN.md section 7): plans, prices, coupons, orders and their
 * payment. The provider only moves money; what a payment means is decided here, from the
 * provider's current state of a payment intent (never from the order of webhook events).
 */
export class SubscriptionService {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  private requireProvider(): PaymentProvider {
    if (!this.deps.provider) {
      throw withStatus(
        503,
        SUBSCRIPTION_KEYS.paymentsUnavailable,
        'Payments are not configured on this server (STRIPE_SECRET_KEY is not set)',
      );
    }
    return this.deps.provider;
  }

  // --- Plans and prices ----------------------------------------------------------------------------

  async productList(brand: BrandConfig, userId: string | null): Promise<ProductListResponse> {
    const rows = await listProducts(this.deps.db, brand.partnerId);
    const open = userId ? await repo.findOpenOrder(this.deps.db, userId) : undefined;
    return { data: rows.map(toProduct), order_placed: open?.product_id ?? null };
  }

  /** The brand's plan for an id, or 400: a plan of another brand is not for sale here. */
  private async saleableProduct(
    db: Kysely<Database> | Transaction<Database>,
    brand: BrandConfig,
    productId: string,
  ) {
    const product = await productById(db, productId);
    if (!product || product.partner_id !== brand.partnerId || product.is_default === 1) {
      throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'product_id', 'This plan cannot be bought here');
    }
    return product;
  }

  /**
   * The quote for a user, plan and interval, with every rule that decides an amount: the price
   * of the plan, the tracker's one-time price, the coupon, the credit for the current period.
   * Refuses what cannot be bought (current plan, coupon refusals, negative proration).
   */
  private async quoteFor(
    db: Kysely<Database> | Transaction<Database>,
    brand: BrandConfig,
    userId: string,
    product: ProductRow,
    payType: PayType,
    couponId: string | undefined,
    excludeOrderId?: string,
  ): Promise<Quote & { couponId: string | null }> {
    const price = planPrice(product, payType);
    if (!price)
      throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'pay_type', 'The plan has no price for this interval');
    const now = this.now;
    const subscription = await repo.findSubscription(db, userId);
    const periodEnd = subscription?.current_period_end ? new Date(subscription.current_period_end) : null;
    const activePaidPeriod =
      subscription && periodEnd && periodEnd > now && subscription.current_period_start;
    if (
      activePaidPeriod &&
      subscription.product_id === product.id &&
      subscription.stripe_price_id === price.priceId
    ) {
      throw badRequest(SUBSCRIPTION_KEYS.alreadyCurrentPlan, 'product_id', 'This is the current plan');
    }
    if (activePaidPeriod) {
      const current = await productById(db, subscription.product_id);
      const refusal = current && planChangeRefusal(current, subscription.pay_type, product, payType);
      if (refusal) throw badRequest(refusal.key, 'product_id', refusal.message);
    }
    const trackerCents =
      brand.tracker.enabled && !(await ownsTracker(db, userId))
        ? Math.round(brand.tracker.oneTimePrice * 100)
        : 0;

    let discountCents = 0;
    if (couponId) {
      const coupon = await repo.findCoupon(db, brand.partnerId, couponId);
      discountCents = coupon ? couponDiscountCents(coupon, price.planCents) : 0;
      const refusal = couponRefusal(coupon, {
        now,
        productId: product.id,
        payType,
        uses: coupon ? await repo.couponUses(db, coupon, excludeOrderId) : 0,
        redeemedByUser: coupon ? await repo.hasRedeemedCoupon(db, userId, coupon.id) : false,
        otherCouponActive: await this.otherCouponActive(subscription, couponId),
        userHasPaid: await repo.hasPaidOrder(db, userId),
      });
      if (refusal) throw couponRejected(refusal);
    }

    let prorationCents = 0;
    if (activePaidPeriod) {
      const basis = await repo.orderOfPeriod(db, userId, subscription.current_period_start!);
      prorationCents = prorationCreditCents(
        basis
          ? {
              start: new Date(subscription.current_period_start!),
              end: periodEnd,
              paidPlanCents: basis.plan_cents - basis.discount_cents,
            }
          : null,
        now,
      );
    }
    const result = quote({ price, payType, trackerCents, discountCents, prorationCents });
    if (creditExceedsPrice(result)) {
      throw badRequest(
        SUBSCRIPTION_KEYS.negativeProration,
        'product_id',
        'The credit for the current plan is larger than the price of this plan',
      );
    }
    if (belowMinimumPayment(result.totalCents)) {
      throw withStatus(
        Status.AmountTooLow,
        'Amount_Less_Error',
        'The amount is below the minimum payment of 0.50 EUR',
      );
    }
    return { ...result, couponId: couponId ?? null };
  }

  private async otherCouponActive(
    subscription: repo.SubscriptionRow | undefined,
    couponId: string,
  ): Promise<boolean> {
    if (!subscription?.coupon_id || subscription.coupon_id === couponId) return false;
    const left = subscription.coupon_renewals_left;
    return left === null || left > 0;
  }

  async prices(user: Buyer, brand: BrandConfig, body: PricesBody): Promise<PricesResponse> {
    const product = await this.saleableProduct(this.deps.db, brand, body.product_id);
    const result = await this.quoteFor(this.deps.db, brand, user.id, product, body.pay_type, body.coupon_id);
    const open = await repo.findOpenOrder(this.deps.db, user.id);
    return {
      total_price_discounted: euro(result.totalCents),
      other_price: euro(result.planCents),
      tracker_price: euro(result.trackerCents),
      discount: euro(result.discountCents),
      proration: result.prorationCents === 0 ? 0 : -euro(result.prorationCents),
      order_placed: open?.product_id ?? null,
    };
  }

  // --- Coupons -------------------------------------------------------------------------------------

  async checkCoupon(user: Buyer, brand: BrandConfig, body: CouponCheckBody): Promise<CouponCheckResponse> {
    if (!brand.couponField) {
      throw forbidden(SUBSCRIPTION_KEYS.orderNotFromPaymentScreen, 'This brand does not take coupons');
    }
    const { db } = this.deps;
    const product = await this.saleableProduct(db, brand, body.product_id);
    const price = planPrice(product, body.duration);
    if (!price) throw couponRejected(COUPON_MESSAGES.durationMismatch);
    const coupon = await repo.findCouponByCode(db, brand.partnerId, body.code_name);
    const subscription = await repo.findSubscription(db, user.id);
    const refusal = couponRefusal(coupon, {
      now: this.now,
      productId: product.id,
      payType: body.duration,
      uses: coupon ? await repo.couponUses(db, coupon) : 0,
      redeemedByUser: coupon ? await repo.hasRedeemedCoupon(db, user.id, coupon.id) : false,
      otherCouponActive: coupon ? await this.otherCouponActive(subscription, coupon.id) : false,
      userHasPaid: await repo.hasPaidOrder(db, user.id),
    });
    if (refusal || !coupon) throw couponRejected(refusal ?? COUPON_MESSAGES.notFound);
    return { codes: [{ isvalid: true, coupon_id: coupon.id, message: 'Coupon is valid' }] };
  }

  // --- Orders --------------------------------------------------------------------------------------

  /**
   * The payment request: an order (placed) first, then the provider's payment intent for the
   * server's amount. Nothing is charged without an order; an order whose intent could not be
   * created is removed again.
   */
  async requestPayment(
    user: Buyer,
    brand: BrandConfig,
    body: PaymentRequestBody,
  ): Promise<PaymentRequestResponse> {
    if (!brand.canOrderFromPaymentScreen) {
      throw forbidden(
        SUBSCRIPTION_KEYS.orderNotFromPaymentScreen,
        'Orders are not taken from the payment screen',
      );
    }
    const provider = this.requireProvider();
    const { db, kind } = this.deps;
    const product = await this.saleableProduct(db, brand, body.product_id);
    const payType = payTypeOfPrice(product, body.price_id);
    const consistent = payType !== null && (product.duration !== null || payType === body.pay_type);
    if (!payType || !consistent) {
      throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'price_id', 'The price does not belong to this plan');
    }

    const now = this.now;
    const orderId = randomUUID();
    const subscription = await db
      .transaction()
      .execute(async (trx) => {
        const locked = await repo.lockSubscription(trx, kind, user.id);
        if (!locked) throw notFound('No subscription state for this user');
        if (await repo.findOpenOrder(trx, user.id)) {
          throw withStatus(
            Status.OrderAlreadyPlaced,
            'Order_Already_Placed_Message',
            'An order is already open',
          );
        }
        if (body.coupon_id) {
          const coupon = await repo.lockCoupon(trx, kind, body.coupon_id);
          if (!coupon) throw couponRejected(COUPON_MESSAGES.notFound);
        }
        const q = await this.quoteFor(trx, brand, user.id, product, payType, body.coupon_id);
        await repo.insertOrder(trx, {
          id: orderId,
          partner_id: brand.partnerId,
          user_id: user.id,
          order_number: newOrderNumber(brand, now),
          kind: 'purchase',
          status: 'placed',
          product_id: product.id,
          price_id: q.priceId,
          pay_type: payType,
          period_months: q.periodMonths,
          amount_cents: q.totalCents,
          plan_cents: q.planCents,
          tracker_cents: q.trackerCents,
          discount_cents: q.discountCents,
          proration_cents: q.prorationCents,
          coupon_id: q.couponId,
          start_consent_at: body.start_consent ? now.toISOString() : null,
          payment_intent_id: null,
          payment_type: null,
          payment_method_id: null,
          billing_name: body.name || user.name,
          billing_email: body.email,
          billing_street: body.street,
          billing_address: body.address,
          billing_zipcode: body.zipcode,
          billing_city: body.city,
          billing_country: body.country,
          billing_phone: body.phone,
          period_start: null,
          ...NOT_YET_PAID,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        return locked;
      })
      .catch((err: unknown) => {
        // The open-order index is the last guard against a parallel request (PostgreSQL race).
        if (isUniqueViolation(err)) {
          throw withStatus(
            Status.OrderAlreadyPlaced,
            'Order_Already_Placed_Message',
            'An order is already open',
          );
        }
        throw err;
      });

    try {
      const order = (await repo.findOwnOrder(db, user.id, orderId))!;
      const customerId = await this.customerFor(provider, user, subscription, body);
      const intent = await provider.createPaymentIntent({
        amountCents: order.amount_cents,
        customerId,
        paymentMethodTypes: ['card', 'sepa_debit'],
        description: `${brand.name}: ${product.name} (${order.order_number})`,
        metadata: { order_id: orderId, user_id: user.id, partner_id: brand.partnerId, kind: 'purchase' },
        idempotencyKey: `order-${orderId}`,
        // Paid by SEPA, it is collected on the day its pre-notification names.
        sepaTargetDate: this.deps.sepa.firstDebitDate(now),
      });
      if (!intent.clientSecret)
        throw new PaymentProviderUnavailableError('payment intent without client secret');
      await repo.updateOrder(db, orderId, {
        payment_intent_id: intent.id,
        updated_at: this.now.toISOString(),
      });
      return { secret: intent.clientSecret, order_id: orderId };
    } catch (err) {
      await repo.deleteUnpaidOrder(db, user.id, orderId);
      this.deps.log.error({ err, orderId }, 'payment intent could not be created; order removed');
      throw withStatus(502, 'Server_Down_Text', 'The payment provider could not be reached');
    }
  }

  private async customerFor(
    provider: PaymentProvider,
    user: Buyer,
    subscription: repo.SubscriptionRow,
    body: PaymentRequestBody,
  ): Promise<string> {
    if (subscription.stripe_customer_id) return subscription.stripe_customer_id;
    const customerId = await provider.createCustomer({
      email: user.email,
      name: body.name || user.name,
      userId: user.id,
      partnerId: subscription.partner_id,
      address: {
        line1: body.street || null,
        line2: body.address || null,
        postalCode: body.zipcode || null,
        city: body.city || null,
        country: body.country || null,
      },
      idempotencyKey: `customer-${user.id}`,
    });
    await repo.updateSubscription(this.deps.db, user.id, { stripe_customer_id: customerId });
    return customerId;
  }

  /** DELETE /v1/order/delete: the caller's unpaid order, and its payment intent cancelled. */
  async deleteOrder(userId: string, orderId: string): Promise<void> {
    const { db } = this.deps;
    const order = await repo.findOwnOrder(db, userId, orderId);
    if (!order || order.status === 'paid') throw notFound('No such unpaid order');
    if (order.payment_intent_id && this.deps.provider) {
      // A debit already under way cannot be taken back; the order stays until it settles.
      const intent = await this.deps.provider.retrievePaymentIntent(order.payment_intent_id);
      if (intent.status === 'succeeded') {
        await this.applyPaymentIntent(intent);
        throw notFound('The order has been paid');
      }
      if (intent.status === 'processing') {
        throw withStatus(
          Status.OrderAlreadyPlaced,
          'Order_Already_Placed_Message',
          'The payment is under way',
        );
      }
      if (intent.status !== 'canceled') {
        await this.deps.provider.cancelPaymentIntent(order.payment_intent_id, `cancel-${order.id}`);
      }
    }
    if (!(await repo.deleteUnpaidOrder(db, userId, orderId))) throw notFound('No such unpaid order');
  }

  /** GET /v1/order/status: the order after reconciling it with the provider's payment intent. */
  async orderStatus(userId: string, orderId: string): Promise<OrderStatusResponse> {
    const { db } = this.deps;
    let order = await repo.findOwnOrder(db, userId, orderId);
    if (!order) throw notFound('No such order');
    if (
      (order.status === 'placed' || order.status === 'processing') &&
      order.payment_intent_id &&
      this.deps.provider
    ) {
      await this.applyPaymentIntent(await this.deps.provider.retrievePaymentIntent(order.payment_intent_id));
      order = (await repo.findOwnOrder(db, userId, orderId)) ?? order;
    }
    const product = await productById(db, order.product_id);
    return {
      id: order.id,
      status: order.status,
      product_id: order.product_id,
      product_name: product?.name ?? '',
      payment_type: order.payment_type,
      ...(await this.deps.sepa.firstDebitOf(order)),
      failure_reason:
        order.status === 'failed' ? declineReasonOf(order.failure_code, null, order.payment_type) : null,
    };
  }

  // --- Payment events ------------------------------------------------------------------------------

  /**
   * A verified webhook event. Idempotent by event id; order-independent because the payment
   * intent is read again from the provider and the order only ever moves forward. `applied` runs
   * between the effects and the record that the event was processed (the webhook's test seam).
   */
  async handleEvent(event: ProviderEvent, applied?: () => void): Promise<{ duplicate: boolean }> {
    const { db } = this.deps;
    const type = event.type === 'other' ? event.stripeType : event.type;
    if (await repo.eventAlreadyProcessed(db, { id: event.id, type }, this.now.toISOString())) {
      return { duplicate: true };
    }
    if ('paymentIntent' in event) {
      const provider = this.requireProvider();
      await this.applyPaymentIntent(await provider.retrievePaymentIntent(event.paymentIntent.id));
    } else if (event.type === 'checkout.session.completed') {
      await this.checkoutCompleted(event.checkoutSession.id);
    }
    applied?.();
    await repo.markEventProcessed(db, event.id, this.now.toISOString());
    return { duplicate: false };
  }

  /** Moves the order of a payment intent to what the intent's current state means. */
  async applyPaymentIntent(intent: PaymentIntentInfo): Promise<void> {
    const { db } = this.deps;
    const order =
      (await repo.findOrderByPaymentIntent(db, intent.id)) ??
      (intent.metadata.order_id ? await this.orderById(intent.metadata.order_id) : undefined);
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

  private async orderById(orderId: string) {
    return this.deps.db
      .selectFrom('subscription_order')
      .selectAll()
      .where('id', '=', orderId)
      .executeTakeFirst();
  }

  private async markProcessing(orderId: string, intent: PaymentIntentInfo): Promise<void> {
    await this.deps.db
      .updateTable('subscription_order')
      .set({
        status: 'processing',
        payment_type: intent.paymentMethodType,
        payment_method_id: intent.paymentMethodId,
        updated_at: this.now.toISOString(),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'placed')
      .execute();
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
        await this.renewalFailed(trx, { ...order, failure_code: failureCode });
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
      await this.schedulePeriodEnd(trx, order.user_id, periodEnd);
    });
  }

  private async schedulePeriodEnd(
    trx: Transaction<Database>,
    userId: string,
    periodEnd: Date,
  ): Promise<void> {
    const payload: PeriodPayload = { userId, periodEnd: periodEnd.toISOString() };
    await this.deps.jobs.schedule(PERIOD_END_JOB, payload, {
      trx,
      runAt: periodEnd,
      dedupeKey: `period-end:${userId}:${payload.periodEnd}`,
    });
    // A SEPA renewal is announced before it is collected (sepa-prenotification.ts).
    await this.deps.jobs.schedule(SEPA_ANNOUNCE_RENEWAL_JOB, payload, {
      trx,
      runAt: this.deps.sepa.announceAt(periodEnd),
      dedupeKey: `sepa-announce:${userId}:${payload.periodEnd}`,
    });
  }

  // --- Period end: renewal, downgrade, termination ------------------------------------------------

  /**
   * The period-end job. Stale jobs (the period was renewed, upgraded or ended meanwhile) do
   * nothing, so a job that runs twice or late is harmless.
   */
  async periodEnded(payload: unknown): Promise<void> {
    const { userId, periodEnd } = payload as PeriodPayload;
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1) {
      await this.endPlan(userId, periodEnd, 'plan-ended');
      return;
    }
    await this.chargeRenewal(userId, periodEnd, 0);
  }

  /** Days before the period end: a SEPA renewal's pre-notification (nothing is charged). */
  async announceRenewal(payload: unknown): Promise<void> {
    const { userId, periodEnd } = payload as PeriodPayload;
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1 || subscription.payment_method_type !== 'sepa_debit') return;
    await this.chargeRenewal(userId, periodEnd, 0, 'announce');
  }

  /** The retry job of a failed renewal (attempt 1 to 3 after the period end). */
  async retryRenewal(payload: unknown): Promise<void> {
    const { userId, periodEnd, attempt } = payload as PeriodPayload & { attempt: number };
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return;
    if (subscription.cancel_at_period_end === 1) {
      await this.endPlan(userId, periodEnd, 'plan-ended');
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
    const provider = this.requireProvider();
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
      await this.endPlan(userId, periodEnd, 'plan-ended');
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
    await db
      .insertInto('subscription_order')
      .values({
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
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const order = (await this.orderById(orderId))!;
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
    await this.applyPaymentIntent(intent);
  }

  /**
   * A renewal charge failed: the plan stays active through the grace period, the user is asked
   * to update the payment method, and the charge is tried again after 1, 3 and 5 days; after
   * the last failure the plan ends.
   */
  private async renewalFailed(trx: Transaction<Database>, order: repo.OrderRow): Promise<void> {
    const subscription = await repo.findSubscription(trx, order.user_id);
    const periodEnd = order.period_start;
    if (!subscription || !periodEnd || subscription.current_period_end !== periodEnd) return;
    const failures = (subscription.renewal_failures ?? 0) + 1;
    await repo.updateSubscription(trx, order.user_id, {
      renewal_failures: failures,
      updated_at: this.now.toISOString(),
    });
    const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
    if (retryDays === undefined) {
      await this.endPlanIn(trx, order.user_id, periodEnd, 'plan-ended-unpaid');
      return;
    }
    const runAt = new Date(new Date(periodEnd).getTime() + retryDays * DAY_MS);
    await this.deps.jobs.schedule(
      RENEWAL_RETRY_JOB,
      { userId: order.user_id, periodEnd, attempt: failures },
      { trx, runAt, dedupeKey: `renewal-retry:${order.user_id}:${periodEnd}:${failures}` },
    );
    await this.deps.jobs.schedule(
      SUBSCRIPTION_MAIL_JOB,
      {
        // The bank wants the customer to confirm (3-D Secure): the mail links to paying on session.
        kind: order.failure_code === AUTHENTICATION_REQUIRED ? 'renewal-action-required' : 'renewal-failed',
        orderId: order.id,
        // The next try; for a payment to confirm, the end of grace (until then the link works).
        date: Math.floor(
          (order.failure_code === AUTHENTICATION_REQUIRED
            ? graceEndOf(periodEnd, RENEWAL_SCHEDULE)
            : runAt
          ).getTime() / 1000,
        ),
      } satisfies MailPayload,
      { trx, dedupeKey: `subscription-mail:renewal-failed:${order.id}` },
    );
  }

  private async endPlan(userId: string, periodEnd: string, mail: SubscriptionMailKind): Promise<void> {
    await this.deps.db.transaction().execute((trx) => this.endPlanIn(trx, userId, periodEnd, mail));
  }

  /**
   * The one way a paid plan ends at once (a full refund, a withdrawal): the same state as at a
   * period end (free plan, reactivation window, its mail and document jobs), from now. Only the
   * plan the order paid for ends: `orderPeriodEnd` must be the current period's end. In the
   * caller's transaction, so the plan ends with the credit note or not at all.
   */
  async endPlanNowIn(
    trx: Transaction<Database>,
    userId: string,
    orderPeriodEnd: string | null,
    mail: 'plan-ended-refunded' | 'plan-withdrawn',
  ): Promise<boolean> {
    return orderPeriodEnd !== null && (await this.endPlanIn(trx, userId, orderPeriodEnd, mail));
  }

  /**
   * The paid plan is over: the account is on the brand's free plan, keeps read access to
   * everything, and can buy again within the reactivation window with nothing lost. After the
   * window only the newest documents remain (warned a week before).
   */
  private async endPlanIn(
    trx: Transaction<Database>,
    userId: string,
    periodEnd: string,
    mail: SubscriptionMailKind,
  ): Promise<boolean> {
    const { kind, jobs } = this.deps;
    const subscription = await repo.lockSubscription(trx, kind, userId);
    if (!subscription || subscription.current_period_end !== periodEnd) return false;
    const free = await defaultProduct(trx, subscription.partner_id);
    if (!free) throw new Error(`brand ${subscription.partner_id} has no default plan`);
    // A termination ends with the paid period; an unpaid renewal when the grace period ran out.
    const endedAt = mail === 'plan-ended' ? new Date(periodEnd) : this.now;
    await repo.updateSubscription(trx, userId, {
      product_id: free.id,
      stripe_price_id: null,
      stripe_subscription_end: null,
      pay_type: null,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: 0,
      pending_product_id: null,
      pending_price_id: null,
      coupon_id: null,
      coupon_renewals_left: null,
      renewal_failures: 0,
      ended_at: endedAt.toISOString(),
      updated_at: endedAt.toISOString(),
    });
    const ended: EndedPayload = { userId, endedAt: endedAt.toISOString() };
    const windowEnd = new Date(endedAt.getTime() + REACTIVATION_WINDOW_DAYS * DAY_MS);
    await jobs.schedule(
      SUBSCRIPTION_MAIL_JOB,
      { kind: mail, userId, date: Math.floor(windowEnd.getTime() / 1000) } satisfies MailPayload,
      { trx, dedupeKey: `subscription-mail:${mail}:${userId}:${ended.endedAt}` },
    );
    await jobs.schedule(DOCUMENTS_WARNING_JOB, ended, {
      trx,
      runAt: new Date(windowEnd.getTime() - 7 * DAY_MS),
      dedupeKey: `documents-warning:${userId}:${ended.endedAt}`,
    });
    await jobs.schedule(DOCUMENTS_CLEANUP_JOB, ended, {
      trx,
      runAt: windowEnd,
      dedupeKey: `documents-cleanup:${userId}:${ended.endedAt}`,
    });
    return true;
  }

  /** Is the plan still ended as of `endedAt` (no purchase since)? */
  private async stillEnded(userId: string, endedAt: string): Promise<boolean> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    return subscription?.ended_at === endedAt && subscription.current_period_end === null;
  }

  async warnDocumentsDeletion(payload: unknown): Promise<void> {
    const { userId, endedAt } = payload as EndedPayload;
    if (!(await this.stillEnded(userId, endedAt))) return;
    const windowEnd = new Date(new Date(endedAt).getTime() + REACTIVATION_WINDOW_DAYS * DAY_MS);
    await this.sendPlanMail({
      kind: 'documents-warning',
      userId,
      date: Math.floor(windowEnd.getTime() / 1000),
    });
  }

  async cleanUpDocuments(payload: unknown): Promise<void> {
    const { userId, endedAt } = payload as EndedPayload;
    if (!(await this.stillEnded(userId, endedAt))) return;
    const removed = await this.deps.keepNewestDocuments(userId, DOCUMENTS_KEPT_AFTER_END);
    this.deps.log.info({ userId, removed }, 'reactivation window closed: older documents removed');
  }

  // --- Cancel, revoke, downgrade ------------------------------------------------------------------

  private async paidSubscription(userId: string, brand: BrandConfig) {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    const product = subscription ? await productById(db, subscription.product_id) : undefined;
    if (!subscription || !product || product.is_default === 1) {
      throw badRequest(
        SUBSCRIPTION_KEYS.cancelFreePlan,
        undefined,
        `The free plan cannot be cancelled. Questions? Write to ${brand.supportEmail}`,
      );
    }
    return { subscription, product };
  }

  /** When the current plan ends: the paid period's end, or the end of a plan attached by code. */
  private endOf(subscription: repo.SubscriptionRow): Date | null {
    const end = subscription.current_period_end ?? subscription.product_expires_at;
    return end ? new Date(end) : null;
  }

  /**
   * Cancels at the end of the paid period. `options.mail` false: the caller confirms in its own
   * mail (the public cancellation form, which confirms every declaration alike).
   */
  async cancel(
    userId: string,
    brand: BrandConfig,
    options: { mail?: boolean } = {},
  ): Promise<{ current_phase: { end_date: number } }> {
    const { subscription } = await this.paidSubscription(userId, brand);
    const end = this.endOf(subscription);
    if (!end) {
      throw badRequest(
        SUBSCRIPTION_KEYS.cancelFreePlan,
        undefined,
        `This plan has no end to cancel at. Write to ${brand.supportEmail}`,
      );
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockSubscription(trx, this.deps.kind, userId);
      await repo.updateSubscription(trx, userId, {
        cancel_at_period_end: 1,
        pending_product_id: null,
        pending_price_id: null,
        updated_at: this.now.toISOString(),
      });
      if (options.mail === false) return;
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        {
          kind: 'termination-confirmed',
          userId,
          date: Math.floor(end.getTime() / 1000),
          receivedAt: this.now.toISOString(),
        } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:termination:${userId}:${this.now.toISOString()}` },
      );
    });
    return { current_phase: { end_date: Math.floor(end.getTime() / 1000) } };
  }

  async cancelAt(userId: string): Promise<{ status: 'cancel' | 'downgrade' | 'active' | 'none' }> {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    const product = subscription ? await productById(db, subscription.product_id) : undefined;
    if (!subscription || !product || product.is_default === 1) return { status: 'none' };
    if (subscription.cancel_at_period_end === 1) return { status: 'cancel' };
    if (subscription.pending_product_id) return { status: 'downgrade' };
    return { status: 'active' };
  }

  async revokeCancellation(userId: string, brand: BrandConfig): Promise<SubscriptionChangeResponse> {
    const { subscription } = await this.paidSubscription(userId, brand);
    if (subscription.cancel_at_period_end !== 1) {
      throw badRequest(SUBSCRIPTION_KEYS.nothingPending, undefined, 'No termination is pending');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateSubscription(trx, userId, {
        cancel_at_period_end: 0,
        updated_at: this.now.toISOString(),
      });
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        { kind: 'termination-revoked', userId } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:revoked:${userId}:${this.now.toISOString()}` },
      );
    });
    return { message: 'Termination revoked', effective_date: null };
  }

  /**
   * The plans a user may downgrade to (account-area section 4): price (or tracker duration) not
   * above the active one, a yearly price above 0; the price id is the monthly one only when the
   * user pays monthly and the target's sequence is above 2.
   */
  downgradeTargets(current: ProductRow, currentPayType: PayType | null, plans: ProductRow[]) {
    return plans
      .filter((plan) => plan.id !== current.id && plan.is_default !== 1 && plan.yearly_price_cents > 0)
      .filter((plan) =>
        current.duration !== null && plan.duration !== null
          ? plan.duration <= current.duration
          : plan.yearly_price_cents <= current.yearly_price_cents && plan.sequence < current.sequence,
      )
      .map((plan) => ({
        plan,
        priceId:
          currentPayType === 'monthly' && plan.sequence > 2 && plan.monthly_price_id
            ? plan.monthly_price_id
            : plan.yearly_price_id!,
      }));
  }

  async downgrade(userId: string, brand: BrandConfig, priceId: string): Promise<SubscriptionChangeResponse> {
    const { db } = this.deps;
    const { subscription, product } = await this.paidSubscription(userId, brand);
    if (subscription.is_gift === 1 || subscription.is_promo === 1 || !subscription.current_period_end) {
      throw forbidden(
        SUBSCRIPTION_KEYS.downgradeNotAllowed,
        'Gift, promo and code plans cannot be downgraded',
      );
    }
    const plans = await listProducts(db, brand.partnerId);
    const target = this.downgradeTargets(product, subscription.pay_type, plans).find(
      (t) => t.priceId === priceId,
    );
    if (!target)
      throw badRequest(SUBSCRIPTION_KEYS.downgradeTargetInvalid, 'price_id', 'Not a plan to downgrade to');
    const effective = Math.floor(new Date(subscription.current_period_end).getTime() / 1000);
    await db.transaction().execute(async (trx) => {
      await repo.lockSubscription(trx, this.deps.kind, userId);
      await repo.updateSubscription(trx, userId, {
        pending_product_id: target.plan.id,
        pending_price_id: target.priceId,
        cancel_at_period_end: 0,
        updated_at: this.now.toISOString(),
      });
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        { kind: 'downgrade-scheduled', userId, date: effective } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:downgrade:${userId}:${this.now.toISOString()}` },
      );
    });
    return {
      message: 'Downgrade scheduled',
      effective_date: effective,
      effective_on: sellerDate(subscription.current_period_end),
    };
  }

  async cancelDowngrade(userId: string, brand: BrandConfig): Promise<SubscriptionChangeResponse> {
    const { subscription } = await this.paidSubscription(userId, brand);
    if (!subscription.pending_product_id) {
      throw badRequest(SUBSCRIPTION_KEYS.nothingPending, undefined, 'No downgrade is pending');
    }
    await repo.updateSubscription(this.deps.db, userId, {
      pending_product_id: null,
      pending_price_id: null,
      updated_at: this.now.toISOString(),
    });
    return { message: 'Downgrade cancelled', effective_date: null };
  }

  /** myinfo's `downgrading`: false, or the target plan and when it takes effect (epoch seconds). */
  async downgrading(userId: string): Promise<Downgrading> {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    if (!subscription?.pending_product_id || !subscription.current_period_end) return false;
    const product = await productById(db, subscription.pending_product_id);
    if (!product) return false;
    return {
      product: toProduct(product),
      date: Math.floor(new Date(subscription.current_period_end).getTime() / 1000),
      starts_on: sellerDate(subscription.current_period_end),
    };
  }

  // --- Payment method -----------------------------------------------------------------------------

  /** A hosted checkout in setup mode; its completion makes the new method the renewal method. */
  async paymentUpdateSession(
    userId: string,
    brand: BrandConfig,
    urls: { success_url: string; cancel_url: string },
  ): Promise<{ session_id: string; url: string }> {
    const provider = this.requireProvider();
    const origin = this.deps.originForBrand(brand);
    for (const url of [urls.success_url, urls.cancel_url]) {
      // Only our own pages: the hosted page must not become an open redirect.
      if (new URL(url).origin !== new URL(origin).origin) {
        throw badRequest('Bad_Request_Text', 'success_url', 'Return URLs must point at the portal');
      }
    }
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription?.stripe_customer_id) {
      throw badRequest(SUBSCRIPTION_KEYS.noPaymentMethod, undefined, 'Nothing has been bought yet');
    }
    const session = await provider.createSetupCheckoutSession({
      customerId: subscription.stripe_customer_id,
      successUrl: urls.success_url,
      cancelUrl: urls.cancel_url,
      paymentMethodTypes: ['card', 'sepa_debit'],
      metadata: { user_id: userId, partner_id: subscription.partner_id, purpose: 'update_payment' },
      idempotencyKey: `setup-${userId}-${randomUUID()}`,
    });
    if (!session.url) throw withStatus(502, 'Server_Down_Text', 'The checkout session has no URL');
    return { session_id: session.id, url: session.url };
  }

  /** POST /v1/subscription/update_payment: the same session, returning to the portal's pages. */
  async updatePayment(userId: string, brand: BrandConfig): Promise<{ session_id: string; url: string }> {
    const origin = this.deps.originForBrand(brand);
    return this.paymentUpdateSession(userId, brand, {
      success_url: `${origin}/my-account/payment-update/successful?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/my-account/payment-update/failed`,
    });
  }

  /** checkout.session.completed: the new method is the default; a renewal in grace retries now. */
  private async checkoutCompleted(sessionId: string): Promise<void> {
    const provider = this.requireProvider();
    const session = await provider.retrieveCheckoutSession(sessionId);
    const userId = session.metadata.user_id;
    if (session.status !== 'complete' || !session.setupIntentId || !userId) return;
    const setupIntent = await provider.retrieveSetupIntent(session.setupIntentId);
    if (!setupIntent.paymentMethodId || !session.customerId) return;
    const method = await provider.retrievePaymentMethod(setupIntent.paymentMethodId);
    if (method.type === 'sepa_debit')
      await this.deps.sepa.recordMandate(userId, method.id, setupIntent.mandateId);
    await provider.setDefaultPaymentMethod(session.customerId, method.id, `default-pm-${session.id}`);
    await this.deps.db.transaction().execute(async (trx) => {
      const subscription = await repo.lockSubscription(trx, this.deps.kind, userId);
      if (!subscription || subscription.stripe_customer_id !== session.customerId) return;
      await repo.updateSubscription(trx, userId, {
        default_payment_method_id: method.id,
        payment_method_type: method.type,
        updated_at: this.now.toISOString(),
      });
      const failures = subscription.renewal_failures ?? 0;
      if (failures > 0 && subscription.current_period_end) {
        await this.deps.jobs.schedule(
          RENEWAL_RETRY_JOB,
          { userId, periodEnd: subscription.current_period_end, attempt: failures },
          {
            trx,
            dedupeKey: `renewal-retry:${userId}:${subscription.current_period_end}:after-${session.id}`,
          },
        );
      }
    });
  }

  async paymentMethod(userId: string): Promise<PaymentMethodResponse> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    const none = { type: null, last4: null, brand: null, exp_month: null, exp_year: null };
    if (!subscription?.default_payment_method_id || !this.deps.provider) return none;
    const method = await this.deps.provider.retrievePaymentMethod(subscription.default_payment_method_id);
    return {
      type: method.type,
      last4: method.last4,
      brand: method.brand,
      exp_month: method.expMonth,
      exp_year: method.expYear,
    };
  }

  // --- Mails ---------------------------------------------------------------------------------------

  /** The mail job: idempotent through its dedupe key; nothing is sent to a deleted account. */
  async sendMail(payload: unknown): Promise<void> {
    const mail = payload as MailPayload;
    const order = mail.orderId ? await this.orderById(mail.orderId) : undefined;
    const userId = order?.user_id ?? mail.userId;
    if (!userId) return;
    await this.sendPlanMail({ ...mail, userId }, order);
  }

  private async sendPlanMail(mail: MailPayload & { userId: string }, order?: repo.OrderRow): Promise<void> {
    const { db } = this.deps;
    const recipient = await repo.findRecipient(db, mail.userId);
    const subscription = await repo.findSubscription(db, mail.userId);
    if (!recipient || recipient.deletion_requested_at || !subscription) return;
    const brand = this.deps.brandForPartner(subscription.partner_id);
    // The plan the mail is about: the order's, the pending downgrade's, or the current one.
    const productId =
      order?.product_id ??
      (mail.kind === 'downgrade-scheduled' ? subscription.pending_product_id : null) ??
      subscription.product_id;
    const product = await productById(db, productId);
    // Rendered now, by this job: a failure fails the job, which retries; nothing is sent half.
    const documentKind = order ? mailDocumentOf(mail.kind) : null;
    const document = documentKind ? await this.deps.mailDocument(order!.id, documentKind) : null;
    const origin = this.deps.originForBrand(brand);
    const language = userLanguageToUi(recipient.language);
    const rendered = renderSubscriptionMail({
      kind: mail.kind,
      brand,
      language,
      origin,
      name: recipient.name,
      productName: product?.name ?? '',
      order: order
        ? {
            orderNumber: order.order_number,
            invoiceNumber: order.invoice_number,
            amountCents: order.amount_cents,
            periodStart: order.period_start ? formatDate(order.period_start) : null,
            periodEnd: order.period_end ? periodLastDay(order.period_end) : null,
            paymentType: order.payment_type,
            // The reason in the recipient's language, never the provider's English message.
            failureMessage: order.failure_code
              ? declineText(language, order.failure_code, null, order.payment_type)
              : null,
          }
        : null,
      date: mail.date ? mailDate(mail.kind, new Date(mail.date * 1000)) : null,
      document: document && {
        url: `${origin}${document.linkPath}`,
        validUntil: periodLastDay(document.linkExpiresAt),
        number: document.number,
        correctsNumber: document.correctsNumber,
        amountCents: document.amountCents,
      },
      actionUrl:
        mail.kind === 'renewal-action-required' && order?.period_start && this.deps.renewalPaymentLink
          ? this.deps.renewalPaymentLink(origin, order.user_id, order.id, order.period_start)
          : null,
      receivedAt: mail.receivedAt ?? null,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...rendered,
      kind: `subscription-${mail.kind}`,
      partnerId: brand.partnerId,
      attachments: document ? [document.attachment] : undefined,
    });
  }
}
