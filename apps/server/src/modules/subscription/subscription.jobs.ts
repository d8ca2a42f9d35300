import type { SubscriptionMailKind } from './subscription.mails.ts';
import type { RenewalSchedule } from './lifecycle/renewal-attention.ts';

/*
 * The subscription module's durable jobs: their names, payloads and timing. Every job is
 * scheduled with a dedupe key, and a stale one (the period moved on) does nothing.
 */

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

export interface MailPayload {
  kind: SubscriptionMailKind;
  /** The order the mail reports; plan mails without an order name the user instead. */
  orderId?: string;
  userId?: string;
  /** Epoch seconds shown in the mail (end date, effective date, deletion date). */
  date?: number;
  /** ISO time a cancellation was received (the termination mail names it, § 312k BGB). */
  receivedAt?: string;
}

export interface PeriodPayload {
  userId: string;
  /** The current_period_end the job was scheduled for: a stale job (the period moved) does nothing. */
  periodEnd: string;
}

export interface EndedPayload {
  userId: string;
  endedAt: string;
}

/** A retry of a failed renewal: attempt 1 to 3 after the period end. */
export interface RetryPayload extends PeriodPayload {
  attempt: number;
}
