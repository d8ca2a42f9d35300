import { z } from 'zod';
import type { SandboxTransaction } from './store/tables.ts';

/** Job types of the host's queue (names are stored with the jobs: never change them). */
export const DELIVER_EVENT_JOB = 'payments.sandbox.deliver_event';
export const SETTLE_SEPA_JOB = 'payments.sandbox.settle_sepa';

/** Each job's payload, parsed when it runs. */
export const deliverEventPayload = z.object({ eventId: z.string() });
export const settleSepaPayload = z.object({ paymentIntentId: z.string() });

/**
 * The host's durable job queue. The sandbox schedules its jobs inside its own transactions (an event
 * and its delivery commit together), so the queue must live on the sandbox's database connection.
 */
export interface SandboxJobQueue {
  register(type: string, handler: (payload: unknown) => Promise<void>): void;
  schedule(
    type: string,
    payload: unknown,
    options: { trx: SandboxTransaction; dedupeKey: string; runAt?: Date },
  ): Promise<string>;
  /** Runs the jobs due now (the sandbox starts an event's delivery at once, not at the next poll). */
  runDue(): Promise<unknown>;
}

/** The host's business time (movable in development): periods, settlements, expiries. */
export interface SandboxClock {
  now(): Date;
}
