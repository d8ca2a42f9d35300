import type { Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { defaultProduct } from '../../plans/plans.repo.ts';
import * as repo from '../subscription.repo.ts';
import type { SubscriptionServiceDeps } from '../subscription-deps.ts';
import type { SubscriptionMailKind } from '../subscription.mails.ts';
import type { SubscriptionMailSender } from '../subscription-mail-sender.ts';
import {
  DOCUMENTS_CLEANUP_JOB,
  DOCUMENTS_KEPT_AFTER_END,
  DOCUMENTS_WARNING_JOB,
  PERIOD_END_JOB,
  REACTIVATION_WINDOW_DAYS,
  RENEWAL_RETRY_DAYS,
  RENEWAL_RETRY_JOB,
  RENEWAL_SCHEDULE,
  SUBSCRIPTION_MAIL_JOB,
  type EndedPayload,
  type MailPayload,
  type PeriodPayload,
} from '../subscription.jobs.ts';
import { SEPA_ANNOUNCE_RENEWAL_JOB } from './sepa-prenotification.ts';
import { AUTHENTICATION_REQUIRED, graceEndOf } from './renewal-attention.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The ends of a paid period, in the transaction that decides them: the jobs at the period end,
 * the grace retries of a failed renewal, the plan's end (free plan, reactivation window) and the
 * document clean-up after the window.
 */
export class PlanPeriods {
  constructor(
    private readonly deps: SubscriptionServiceDeps,
    private readonly mails: SubscriptionMailSender,
  ) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  async schedulePeriodEnd(trx: Transaction<Database>, userId: string, periodEnd: Date): Promise<void> {
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

  /**
   * A renewal charge failed: the plan stays active through the grace period, the user is asked
   * to update the payment method, and the charge is tried again after 1, 3 and 5 days; after
   * the last failure the plan ends.
   */
  async renewalFailed(trx: Transaction<Database>, order: repo.OrderRow): Promise<void> {
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

  async endPlan(userId: string, periodEnd: string, mail: SubscriptionMailKind): Promise<void> {
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
    await this.deps.onPlanEnded?.(trx, userId);
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

  async warnDocumentsDeletion({ userId, endedAt }: EndedPayload): Promise<void> {
    if (!(await this.stillEnded(userId, endedAt))) return;
    const windowEnd = new Date(new Date(endedAt).getTime() + REACTIVATION_WINDOW_DAYS * DAY_MS);
    await this.mails.sendPlanMail({
      kind: 'documents-warning',
      userId,
      date: Math.floor(windowEnd.getTime() / 1000),
    });
  }

  async cleanUpDocuments({ userId, endedAt }: EndedPayload): Promise<void> {
    if (!(await this.stillEnded(userId, endedAt))) return;
    const removed = await this.deps.keepNewestDocuments(userId, DOCUMENTS_KEPT_AFTER_END);
    this.deps.log.info({ userId, removed }, 'reactivation window closed: older documents removed');
  }
}
