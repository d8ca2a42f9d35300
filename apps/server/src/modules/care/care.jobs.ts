import { z } from 'zod';
import { defineJob } from '../../platform/jobs/jobs.ts';

/**
 * The care module's durable jobs. One recurring sweep (every SWEEP_EVERY_MS of business time, one
 * dedupe key per run time) finds what is due over indexes (schedules by next_slot_at, reminders by
 * repeat_at, vaccinations by next_reminder_at) instead of one job per dose. Markers in the rows make
 * every step idempotent: a sweep that runs twice sends nothing twice.
 */
export const CARE_SWEEP_JOB = defineJob('care.sweep', z.object({ at: z.string() }));
export const SWEEP_EVERY_MS = 60_000;

/** The stock-low warning mail (and push), scheduled in the transaction of the dose that crossed the line. */
export const CARE_STOCK_MAIL_JOB = defineJob(
  'care.stock-mail',
  z.object({ medId: z.string(), recipientId: z.string(), daysLeft: z.number() }),
);
