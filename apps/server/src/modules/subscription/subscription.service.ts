import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  COUPON_MESSAGES,
  SUBSCRIPTION_KEYS,
  couponMessageKey,
  Status,
  userLanguageToUi,
  type BrandConfig,
  type CouponCheckBody,
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
import { AppError, badRequest, forbidden, notFound, withStatus } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import {
  PaymentProviderUnavailableError,
  type PaymentIntentInfo,
  type PaymentProvider,
  type ProviderEvent,
} from '../../platform/payments/types.ts';
import { listProducts, productById, toProduct } from '../plans/plans.repo.ts';
import { couponRefusal, couponRenewalsAfterFirst } from './coupons.ts';
import {
  addMonths,
  belowMinimumPayment,
  couponDiscountCents,
  euro,
  payTypeOfPrice,
  planPrice,
  prorationCreditCents,
  quote,
  type PayType,
  type Quote,
} from './pricing.ts';
import * as repo from './subscription.repo.ts';
import { formatDate, renderSubscriptionMail, type SubscriptionMailKind } from './subscription.mails.ts';

/** Sends one subscription mail; scheduled in the transaction of the change it reports. */
export const SUBSCRIPTION_MAIL_JOB = 'subscription.mail';

interface MailPayload {
  kind: SubscriptionMailKind;
  orderId: string;
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
}

export interface Buyer {
  id: string;
  email: string;
  name: string;
}

const CUSTOMER_FOR = 'existing_customer' as const;

/** A 476 answer: the spec's server message, with its key from the contract's 476 table. */
const couponRejected = (message: string) => withStatus(Status.CouponRejected, couponMessageKey(message), message);

const newOrderNumber = (brand: BrandConfig, now: Date) =>
  `${brand.seller.invoicePrefix}-${now.toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

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
  private async saleableProduct(db: Kysely<Database> | Transaction<Database>, brand: BrandConfig, productId: string) {
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
    if (!price) throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'pay_type', 'The plan has no price for this interval');
    const now = this.now;
    const subscription = await repo.findSubscription(db, userId);
    const periodEnd = subscription?.current_period_end ? new Date(subscription.current_period_end) : null;
    const activePaidPeriod = subscription && periodEnd && periodEnd > now && subscription.current_period_start;
    if (activePaidPeriod && subscription.product_id === product.id && subscription.stripe_price_id === price.priceId) {
      throw badRequest(SUBSCRIPTION_KEYS.alreadyCurrentPlan, 'product_id', 'This is the current plan');
    }
    const trackerCents =
      brand.tracker.enabled && (await repo.trackerCount(db, userId)) === 0
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
        couponFor: CUSTOMER_FOR,
        uses: coupon ? await repo.couponUses(db, coupon, excludeOrderId) : 0,
        redeemedByUser: coupon ? await repo.hasRedeemedCoupon(db, userId, coupon.id) : false,
        otherCouponActive: await this.otherCouponActive(subscription, couponId),
        userHasPaid: await repo.hasPaidOrder(db, userId),
        planCents: price.planCents,
        discountCents,
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
    if (result.totalCents < 0) {
      throw badRequest(
        SUBSCRIPTION_KEYS.negativeProration,
        'product_id',
        'The credit for the current plan is larger than the price of this plan',
      );
    }
    if (belowMinimumPayment(result.totalCents)) {
      throw withStatus(Status.AmountTooLow, 'Amount_Less_Error', 'The amount is below the minimum payment of 0.50 EUR');
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
    const discountCents = coupon ? couponDiscountCents(coupon, price.planCents) : 0;
    const refusal = couponRefusal(coupon, {
      now: this.now,
      productId: product.id,
      payType: body.duration,
      couponFor: body.coupon_for,
      uses: coupon ? await repo.couponUses(db, coupon) : 0,
      redeemedByUser: coupon ? await repo.hasRedeemedCoupon(db, user.id, coupon.id) : false,
      otherCouponActive: coupon ? await this.otherCouponActive(subscription, coupon.id) : false,
      userHasPaid: await repo.hasPaidOrder(db, user.id),
      planCents: price.planCents,
      discountCents,
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
  async requestPayment(user: Buyer, brand: BrandConfig, body: PaymentRequestBody): Promise<PaymentRequestResponse> {
    if (!brand.canOrderFromPaymentScreen) {
      throw forbidden(SUBSCRIPTION_KEYS.orderNotFromPaymentScreen, 'Orders are not taken from the payment screen');
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
    const subscription = await db.transaction().execute(async (trx) => {
      const locked = await repo.lockSubscription(trx, kind, user.id);
      if (!locked) throw notFound('No subscription state for this user');
      if (await repo.findOpenOrder(trx, user.id)) {
        throw withStatus(Status.OrderAlreadyPlaced, 'Order_Already_Placed_Message', 'An order is already open');
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
        period_end: null,
        invoice_number: null,
        invoice_seq: null,
        paid_at: null,
        failure_code: null,
        failure_message: null,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      return locked;
    }).catch((err: unknown) => {
      // The open-order index is the last guard against a parallel request (PostgreSQL race).
      if (!(err instanceof AppError) && /unique|duplicate/i.test(String((err as Error)?.message))) {
        throw withStatus(Status.OrderAlreadyPlaced, 'Order_Already_Placed_Message', 'An order is already open');
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
      });
      if (!intent.clientSecret) throw new PaymentProviderUnavailableError('payment intent without client secret');
      await repo.updateOrder(db, orderId, { payment_intent_id: intent.id, updated_at: this.now.toISOString() });
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
        throw withStatus(Status.OrderAlreadyPlaced, 'Order_Already_Placed_Message', 'The payment is under way');
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
    if ((order.status === 'placed' || order.status === 'processing') && order.payment_intent_id && this.deps.provider) {
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
    };
  }

  // --- Payment events ------------------------------------------------------------------------------

  /**
   * A verified webhook event. Idempotent by event id; order-independent because the payment
   * intent is read again from the provider and the order only ever moves forward.
   */
  async handleEvent(event: ProviderEvent): Promise<{ duplicate: boolean }> {
    const { db } = this.deps;
    const type = event.type === 'other' ? event.stripeType : event.type;
    if (await repo.eventAlreadyProcessed(db, { id: event.id, type }, this.now.toISOString())) {
      return { duplicate: true };
    }
    if ('paymentIntent' in event) {
      const provider = this.requireProvider();
      await this.applyPaymentIntent(await provider.retrievePaymentIntent(event.paymentIntent.id));
    }
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
    if (intent.status === 'succeeded') await this.markPaid(order.id, intent);
    else if (intent.status === 'processing') await this.markProcessing(order.id, intent);
    else if (intent.status === 'canceled' || (intent.status === 'requires_payment_method' && intent.lastError)) {
      await this.markFailed(order.id, intent);
    }
  }

  private async orderById(orderId: string) {
    return this.deps.db.selectFrom('subscription_order').selectAll().where('id', '=', orderId).executeTakeFirst();
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
      await repo.updateOrder(trx, orderId, {
        status: 'failed',
        payment_type: intent.paymentMethodType ?? order.payment_type,
        failure_code: intent.lastError?.declineCode ?? intent.lastError?.code ?? intent.status,
        failure_message: intent.lastError?.message ?? null,
        updated_at: this.now.toISOString(),
      });
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
      const periodEnd = addMonths(now, order.period_months);
      const seq = await repo.nextInvoiceSeq(trx, order.partner_id);
      await repo.updateOrder(trx, order.id, {
        status: 'paid',
        paid_at: now.toISOString(),
        invoice_seq: seq,
        invoice_number: invoiceNumberOf(brand, seq, now),
        period_start: now.toISOString(),
        period_end: periodEnd.toISOString(),
        payment_type: intent.paymentMethodType ?? order.payment_type,
        payment_method_id: intent.paymentMethodId ?? order.payment_method_id,
        failure_code: null,
        failure_message: null,
        updated_at: now.toISOString(),
      });
      let couponRenewalsLeft: number | null = null;
      let keepCoupon = false;
      if (order.coupon_id) {
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
        current_period_start: now.toISOString(),
        current_period_end: periodEnd.toISOString(),
        default_payment_method_id: intent.paymentMethodId ?? order.payment_method_id,
        payment_method_type: intent.paymentMethodType ?? order.payment_type,
        coupon_id: keepCoupon ? order.coupon_id : null,
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
        { kind: 'order-paid', orderId } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:order-paid:${orderId}` },
      );
    });
  }

  // --- Mails ---------------------------------------------------------------------------------------

  /** The mail job: idempotent through its dedupe key; nothing is sent to a deleted account. */
  async sendMail(payload: unknown): Promise<void> {
    const { kind, orderId } = payload as MailPayload;
    const { db } = this.deps;
    const order = await this.orderById(orderId);
    if (!order) return;
    const recipient = await repo.findRecipient(db, order.user_id);
    if (!recipient || recipient.deletion_requested_at) return;
    const brand = this.deps.brandForPartner(order.partner_id);
    const product = await productById(db, order.product_id);
    const mail = renderSubscriptionMail({
      kind,
      brand,
      language: userLanguageToUi(recipient.language),
      origin: this.deps.originForBrand(brand),
      name: recipient.name,
      productName: product?.name ?? '',
      orderNumber: order.order_number,
      invoiceNumber: order.invoice_number,
      amountCents: order.amount_cents,
      periodStart: order.period_start ? formatDate(order.period_start) : null,
      periodEnd: order.period_end ? formatDate(order.period_end) : null,
      paymentType: order.payment_type,
      failureMessage: order.failure_message,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...mail,
      kind: `subscription-${kind}`,
      partnerId: brand.partnerId,
    });
  }
}
