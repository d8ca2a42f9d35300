import { z } from 'zod';
import { defineJob } from '../../platform/jobs/jobs.ts';
import { SUBSCRIPTION_MAIL_KINDS } from './subscription.mails.ts';
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

const mailPayload = z.object({
  kind: z.enum(SUBSCRIPTION_MAIL_KINDS),
  /** The order the mail reports; plan mails without an order name the user instead. */
  orderId: z.string().optional(),
  userId: z.string().optional(),
  /** Epoch seconds shown in the mail (end date, effective date, deletion date). */
  date: z.number().optional(),
  /** ISO time a cancellation was received (the termination mail names it, § 312k BGB). */
  receivedAt: z.string().optional(),
});
export type MailPayload = z.infer<typeof mailPayload>;

const periodPayload = z.object({
  userId: z.string(),
  /** The current_period_end the job was scheduled for: a stale job (the period moved) does nothing. */
  periodEnd: z.string(),
});
export type PeriodPayload = z.infer<typeof periodPayload>;

const endedPayload = z.object({ userId: z.string(), endedAt: z.string() });
export type EndedPayload = z.infer<typeof endedPayload>;

/** A retry of a failed renewal: attempt 1 to 3 after the period end. */
const retryPayload = periodPayload.extend({ attempt: z.number().int() });
export type RetryPayload = z.infer<typeof retryPayload>;

/**
 * The typed kinds of the jobs above (platform/jobs/job-type.ts): a handler gets its payload parsed.
 * The names stay exported on their own: dedupe keys and tests read them.
 */
export const SUBSCRIPTION_JOBS = {
  mail: defineJob(SUBSCRIPTION_MAIL_JOB, mailPayload),
  periodEnd: defineJob(PERIOD_END_JOB, periodPayload),
  renewalRetry: defineJob(RENEWAL_RETRY_JOB, retryPayload),
  documentsWarning: defineJob(DOCUMENTS_WARNING_JOB, endedPayload),
  documentsCleanup: defineJob(DOCUMENTS_CLEANUP_JOB, endedPayload),
};
