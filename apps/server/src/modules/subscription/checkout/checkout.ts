import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  COUPON_MESSAGES,
  SUBSCRIPTION_KEYS,
  couponMessageKey,
  declineReasonOf,
  Status,
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
import type { Database, ProductRow } from '../../../db/schema.ts';
import { badRequest, forbidden, notFound, withStatus } from '../../../platform/errors.ts';
import { isUniqueViolation } from '../../../platform/auth/db-errors.ts';
import { PaymentProviderUnavailableError, type PaymentProvider } from '../../../platform/payments/types.ts';
import { listProducts, productById, toProduct } from '../../plans/plans.repo.ts';
import * as repo from '../subscription.repo.ts';
import { NOT_YET_PAID, newOrderNumber } from '../new-orders.ts';
import { requireProvider, type Buyer, type SubscriptionServiceDeps } from '../subscription-deps.ts';
import type { PaymentEventsService } from '../payment-events/payment-events.ts';
import { couponRefusal } from './coupons.ts';
import { planChangeRefusal } from './plan-change.ts';
import { ownsTracker } from './tracker-ownership.ts';
import { PriceCatalogue, type BrandCatalogue, type BuyerPriceFacts } from './price-catalogue.ts';
import {
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
} from './pricing.ts';

/** The brand's plan, or 400: a plan of another brand (or the free default) is not for sale here. */
function saleable(brand: BrandConfig, product: ProductRow | undefined): ProductRow {
  if (!product || product.partner_id !== brand.partnerId || product.is_default === 1) {
    throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'product_id', 'This plan cannot be bought here');
  }
  return product;
}

/** A 476 answer: the spec's server message, with its key from the contract's 476 table. */
const couponRejected = (message: string) =>
  withStatus(Status.CouponRejected, couponMessageKey(message), message);

/**
 * Buying a plan: plans and prices, the coupon check, the payment request (an order first, then
 * its payment intent), and the buyer's order deletion and status.
 */
export class CheckoutService {
  /** The price call's plans and coupons (read again when the catalogue version moves). */
  private readonly catalogue: PriceCatalogue;

  constructor(
    private readonly deps: SubscriptionServiceDeps,
    private readonly events: PaymentEventsService,
  ) {
    this.catalogue = new PriceCatalogue(deps.db);
  }

  private get now(): Date {
    return this.deps.clock.now();
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
    return saleable(brand, await productById(db, productId));
  }

  /**
   * The quote for a user, plan and interval, with every rule that decides an amount: the price
   * of the plan, the tracker's one-time price, the coupon, the credit for the current period.
   * Refuses what cannot be bought (current plan, coupon refusals, negative proration).
   * `known`: the buyer's facts and the catalogue already read (the price call); without it, each
   * is read here through `db` (the payment request, inside its transaction).
   */
  private async quoteFor(
    db: Kysely<Database> | Transaction<Database>,
    brand: BrandConfig,
    userId: string,
    product: ProductRow,
    payType: PayType,
    couponId: string | undefined,
    excludeOrderId?: string,
    known?: { facts: BuyerPriceFacts; catalogue: BrandCatalogue },
  ): Promise<Quote & { couponId: string | null }> {
    const price = planPrice(product, payType);
    if (!price)
      throw badRequest(SUBSCRIPTION_KEYS.invalidPrice, 'pay_type', 'The plan has no price for this interval');
    const now = this.now;
    const subscription = known ? known.facts.subscription : await repo.findSubscription(db, userId);
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
      const current =
        known?.catalogue.products.get(subscription.product_id) ??
        (await productById(db, subscription.product_id));
      const refusal = current && planChangeRefusal(current, subscription.pay_type, product, payType);
      if (refusal) throw badRequest(refusal.key, 'product_id', refusal.message);
    }
    const trackerCents =
      brand.tracker.enabled && !(known ? known.facts.ownsTracker : await ownsTracker(db, userId))
        ? Math.round(brand.tracker.oneTimePrice * 100)
        : 0;

    let discountCents = 0;
    if (couponId) {
      const coupon = known
        ? known.catalogue.coupons.get(couponId)
        : await repo.findCoupon(db, brand.partnerId, couponId);
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

  /**
   * The price call: one statement for the buyer's facts and the catalogue version, the plans and
   * coupons from the cached catalogue (price-catalogue.ts); a coupon adds its use counts.
   */
  async prices(user: Buyer, brand: BrandConfig, body: PricesBody): Promise<PricesResponse> {
    const facts = await this.catalogue.buyerFacts(user.id, brand.tracker.enabled);
    const catalogue = await this.catalogue.of(brand.partnerId, facts.catalogueVersion);
    const product = saleable(brand, catalogue.products.get(body.product_id));
    const result = await this.quoteFor(
      this.deps.db,
      brand,
      user.id,
      product,
      body.pay_type,
      body.coupon_id,
      undefined,
      { facts, catalogue },
    );
    return {
      total_price_discounted: euro(result.totalCents),
      other_price: euro(result.planCents),
      tracker_price: euro(result.trackerCents),
      discount: euro(result.discountCents),
      proration: result.prorationCents === 0 ? 0 : -euro(result.prorationCents),
      order_placed: facts.openOrderProductId,
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
    const provider = requireProvider(this.deps.provider);
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
        await this.events.applyPaymentIntent(intent);
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
      await this.events.applyPaymentIntent(
        await this.deps.provider.retrievePaymentIntent(order.payment_intent_id),
      );
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
}
