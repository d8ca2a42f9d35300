import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  declineReasonOf,
  type BrandConfig,
  type RenewalPayBody,
  type RenewalPayResponse,
  type RenewalPaymentResponse,
  type RenewalProblem,
  type UserInfo,
} from '@pet/contract';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { notFound, withStatus } from '../../../platform/errors.ts';
import type { PaymentIntentInfo, PaymentProvider } from '../../../platform/payments/types.ts';
import { productById } from '../../plans/plans.repo.ts';
import * as repo from '../subscription.repo.ts';

/**
 * What the customer must do or know about a renewal (issue 33 items 19, 20, 23): the state of a
 * failed renewal while it is retried, the signed mail link that signs the owner in to pay a
 * renewal the bank wants confirmed (3-D Secure), that payment on session, and until when an
 * ended plan can be restored. The retry schedule itself is in subscription.jobs.ts.
 */

const DAY_MS = 24 * 3600 * 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe's code of an off-session charge the bank wants confirmed by the customer. */
export const AUTHENTICATION_REQUIRED = 'authentication_required';
/** The web page that completes a renewal payment on session. */
export const RENEWAL_PAYMENT_PAGE = '/my-account/renewal-payment';
/** The public path of the mail's sign-in link. */
export const RENEWAL_LINK_PATH = '/renewal-payment';

export interface RenewalSchedule {
  /** Days after the period end of each retry (RENEWAL_RETRY_DAYS). */
  retryDays: readonly number[];
  /** The reactivation window after a plan ended (REACTIVATION_WINDOW_DAYS). */
  reactivationDays: number;
}

/** The grace period ends with the last retry: if that fails too, the plan ends. */
export const graceEndOf = (periodEnd: string, schedule: RenewalSchedule) =>
  new Date(new Date(periodEnd).getTime() + schedule.retryDays[schedule.retryDays.length - 1]! * DAY_MS);

// --- The signed sign-in link ------------------------------------------------------------------------

/** 128 bits of an HMAC over the user, the order and the expiry (the path stays under 100 chars). */
const sign = (secret: string, userId: string, orderId: string, expires: number) =>
  createHmac('sha256', secret)
    .update(`renewal-payment:${userId}|${orderId}|${expires}`)
    .digest('base64url')
    .slice(0, 22);

/** A token naming the renewal order (of its owner), valid until `expires` (the end of grace). */
export function renewalLinkToken(secret: string, userId: string, orderId: string, expires: Date): string {
  return `${orderId}.${seconds(expires)}.${sign(secret, userId, orderId, seconds(expires))}`;
}

/** The order a token names and its expiry, before the owner is known; null when malformed. */
export function parseRenewalLinkToken(
  token: string,
): { orderId: string; expires: number; signature: string } | null {
  const [orderId, expires, signature, extra] = token.split('.');
  if (!orderId || !expires || !signature || extra !== undefined || !/^\d+$/.test(expires)) return null;
  return { orderId, expires: Number(expires), signature };
}

export function renewalLinkValid(
  secret: string,
  userId: string,
  link: { orderId: string; expires: number; signature: string },
  now: Date,
): boolean {
  const expected = Buffer.from(sign(secret, userId, link.orderId, link.expires));
  const given = Buffer.from(link.signature);
  return expected.length === given.length && timingSafeEqual(expected, given) && link.expires > seconds(now);
}

// --- State and on-session payment ---------------------------------------------------------------------

export interface RenewalAttentionDeps {
  db: Kysely<Database>;
  clock: Clock;
  provider: PaymentProvider | null;
  schedule: RenewalSchedule;
  originForBrand: (brand: BrandConfig) => string;
  /** The subscription service's one place that turns a payment intent into order and plan state. */
  applyPaymentIntent: (intent: PaymentIntentInfo) => Promise<void>;
}

export class RenewalAttention {
  constructor(private readonly deps: RenewalAttentionDeps) {}

  /** The newest failed renewal of the current period (the one the mail and the warning name). */
  private async failedRenewal(userId: string, periodEnd: string) {
    return repo.findFailedRenewal(this.deps.db, userId, periodEnd);
  }

  /** myinfo's added fields: renewal_problem and restore_until. */
  async stateOf(userId: string): Promise<Pick<UserInfo, 'renewal_problem' | 'restore_until'>> {
    const { db, schedule } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    if (!subscription) return { renewal_problem: null, restore_until: null };
    const now = this.deps.clock.now();
    let restoreUntil: number | null = null;
    if (subscription.ended_at && subscription.current_period_end === null) {
      const until = new Date(new Date(subscription.ended_at).getTime() + schedule.reactivationDays * DAY_MS);
      if (until > now) restoreUntil = seconds(until);
    }
    return { renewal_problem: await this.problemOf(subscription), restore_until: restoreUntil };
  }

  private async problemOf(subscription: repo.SubscriptionRow): Promise<RenewalProblem | null> {
    const failures = subscription.renewal_failures ?? 0;
    const periodEnd = subscription.current_period_end;
    if (failures === 0 || !periodEnd) return null;
    const order = await this.failedRenewal(subscription.user_id, periodEnd);
    if (!order) return null;
    const retryDay = this.deps.schedule.retryDays[failures - 1];
    return {
      status: order.failure_code === AUTHENTICATION_REQUIRED ? 'action_required' : 'retrying',
      reason: declineReasonOf(order.failure_code, null, order.payment_type),
      next_attempt:
        retryDay === undefined ? null : seconds(new Date(new Date(periodEnd).getTime() + retryDay * DAY_MS)),
      grace_end: seconds(graceEndOf(periodEnd, this.deps.schedule)),
      order_id: order.id,
    };
  }

  /** The mail's sign-in link for a renewal the bank wants confirmed; valid until grace ends. */
  linkFor(secret: string, origin: string, userId: string, orderId: string, periodEnd: string): string {
    const token = renewalLinkToken(secret, userId, orderId, graceEndOf(periodEnd, this.deps.schedule));
    return `${origin}${RENEWAL_LINK_PATH}/${token}`;
  }

  /** The owner and order of a mail link, or null (unknown, altered or expired). */
  async resolveLink(secret: string, token: string): Promise<{ userId: string; orderId: string } | null> {
    const link = parseRenewalLinkToken(token);
    if (!link || !/^[0-9a-f-]{36}$/.test(link.orderId)) return null;
    const order = await repo.findOrder(this.deps.db, link.orderId);
    if (!order || !renewalLinkValid(secret, order.user_id, link, this.deps.clock.now())) return null;
    return { userId: order.user_id, orderId: order.id };
  }

  /** The renewal payment page: the order after reconciling it with the provider. */
  async payment(userId: string, orderId: string): Promise<RenewalPaymentResponse> {
    const { db, provider } = this.deps;
    let order = await repo.findOwnOrder(db, userId, orderId);
    if (!order || order.kind !== 'renewal' || !order.period_start) throw notFound('No such renewal');
    const periodStart = order.period_start;
    // Back from the bank's page: the payment may have succeeded before its webhook arrived.
    if (order.status !== 'paid' && order.payment_intent_id && provider) {
      const intent = await provider.retrievePaymentIntent(order.payment_intent_id);
      if (intent.status === 'succeeded') await this.deps.applyPaymentIntent(intent);
      order = (await repo.findOwnOrder(db, userId, orderId)) ?? order;
    }
    const subscription = await repo.findSubscription(db, userId);
    const product = await productById(db, order.product_id);
    // Renewed by this order or by a retry after a new card: either way the period moved on.
    const renewed = order.status === 'paid' || subscription?.current_period_start === order.period_start;
    const open = !renewed && subscription?.current_period_end === order.period_start;
    return {
      order_id: order.id,
      status: renewed ? 'paid' : open ? 'open' : 'closed',
      product_name: product?.name ?? '',
      amount_cents: order.amount_cents,
      grace_end: seconds(graceEndOf(order.period_start ?? periodStart, this.deps.schedule)),
      reason: order.failure_code ? declineReasonOf(order.failure_code, null, order.payment_type) : null,
    };
  }

  /**
   * Confirms the failed renewal's payment intent again with the saved method while the customer
   * is present: the bank's 3-D Secure page comes back to the payment page. Paid means the plan
   * moves on to the next period (markPaid, the same as any renewal).
   */
  async pay(userId: string, brand: BrandConfig, body: RenewalPayBody): Promise<RenewalPayResponse> {
    const { db, provider } = this.deps;
    if (!provider) throw withStatus(503, 'Payments_Unavailable_Text', 'Payments are not configured');
    const state = await this.payment(userId, body.order_id);
    if (state.status !== 'open') {
      throw withStatus(409, 'Renewal_Not_Open_Text', 'This renewal can no longer be paid here');
    }
    const order = (await repo.findOwnOrder(db, userId, body.order_id))!;
    const subscription = (await repo.findSubscription(db, userId))!;
    const methodId = subscription.default_payment_method_id ?? order.payment_method_id;
    if (!order.payment_intent_id || !methodId) {
      throw withStatus(409, 'Renewal_Not_Open_Text', 'This renewal can no longer be paid here');
    }
    const returnUrl = `${this.deps.originForBrand(brand)}${RENEWAL_PAYMENT_PAGE}?order_id=${order.id}`;
    const intent = await provider.confirmOnSession({
      paymentIntentId: order.payment_intent_id,
      paymentMethodId: methodId,
      returnUrl,
      idempotencyKey: `renewal-on-session-${order.id}-${body.attempt_id}`,
    });
    if (intent.status === 'requires_action' && intent.nextActionUrl) {
      return { status: 'redirect', url: intent.nextActionUrl, reason: null };
    }
    await this.deps.applyPaymentIntent(intent);
    if (intent.status === 'succeeded') return { status: 'paid', url: null, reason: null };
    return {
      status: 'failed',
      url: null,
      reason: declineReasonOf(
        intent.lastError?.code,
        intent.lastError?.declineCode,
        intent.paymentMethodType,
      ),
    };
  }
}
