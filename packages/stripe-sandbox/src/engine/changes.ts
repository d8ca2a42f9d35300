import { resourceMissing, type CardProblem } from '../errors.ts';
import { newStripeId } from '../ids.ts';
import { DELIVER_EVENT_JOB, type SandboxClock, type SandboxJobQueue } from '../jobs.ts';
import { eventObject } from '../objects/event.ts';
import { toTimestamp } from '../objects/common.ts';
import type { SandboxObject, SandboxPaymentMethod, StripeLastError } from '../objects/types.ts';
import type { Db, SandboxStore } from '../store/store.ts';
import type { SandboxObjectKind, SandboxTransaction } from '../store/tables.ts';

/** Stripe's request block of an event: which API call caused it (null for settlements). */
export interface RequestInfo {
  id: string | null;
  idempotency_key: string | null;
}
export const NO_REQUEST: RequestInfo = { id: null, idempotency_key: null };

/** What the sandbox keeps beside a payment intent. */
export interface IntentState {
  /** The confirm's return_url: where 3-D Secure sends the browser back. */
  returnUrl?: string | null;
  /** The refunds of the intent's charge, oldest first. */
  refundIds?: string[];
}

/** One transaction of the sandbox: its time, the API call behind it, and whether it scheduled jobs. */
export interface Unit {
  trx: SandboxTransaction;
  now: Date;
  request: RequestInfo;
  scheduledJobs: boolean;
}

export interface SandboxEngineOptions {
  store: SandboxStore;
  jobs: SandboxJobQueue;
  clock: SandboxClock;
  publicUrl: string;
  sepaSettleSeconds: number;
  /** Called after a transaction that scheduled jobs committed: lets the job loop run them at once. */
  onJobsScheduled: () => void;
}

/**
 * How every part of the engine changes state: one transaction per change, together with its events
 * and the jobs that deliver them (and settle SEPA debits); the job loop is kicked after the commit.
 */
export class SandboxChanges {
  readonly store: SandboxStore;

  constructor(readonly options: SandboxEngineOptions) {
    this.store = options.store;
  }

  /** Runs one change in a transaction; kicks the job loop after the commit when it scheduled jobs. */
  async transact<T>(request: RequestInfo, work: (unit: Unit) => Promise<T>): Promise<T> {
    let scheduled = false;
    const result = await this.store.db.transaction().execute(async (trx) => {
      const unit: Unit = { trx, now: this.options.clock.now(), request, scheduledJobs: false };
      const value = await work(unit);
      scheduled = unit.scheduledJobs;
      return value;
    });
    if (scheduled) this.options.onJobsScheduled();
    return result;
  }

  /** Schedules a job in the change's transaction: it exists only if the change commits. */
  async schedule(
    unit: Unit,
    type: string,
    payload: unknown,
    options: { dedupeKey: string; runAt?: Date },
  ): Promise<void> {
    await this.options.jobs.schedule(type, payload, { ...options, trx: unit.trx });
    unit.scheduledJobs = true;
  }

  /** Stores a Stripe event with a snapshot of the object and schedules its delivery in the same transaction. */
  async emit(unit: Unit, type: string, object: SandboxObject): Promise<void> {
    const event = eventObject({
      id: newStripeId('evt'),
      created: toTimestamp(unit.now),
      type,
      object: structuredClone(object),
      request: unit.request,
    });
    await this.store.insertEvent(unit.trx, event, JSON.stringify(event, null, 2), unit.now);
    await this.schedule(
      unit,
      DELIVER_EVENT_JOB,
      { eventId: event.id },
      {
        dedupeKey: `${DELIVER_EVENT_JOB}:${event.id}`,
      },
    );
  }

  /** One object, or Stripe's resource_missing error. */
  async load<K extends SandboxObjectKind>(
    db: Db,
    kind: K,
    id: string,
    options: { forUpdate?: boolean; param?: string } = {},
  ) {
    const stored = await this.store.find(db, kind, id, options);
    if (!stored) throw resourceMissing(kind, id, options.param);
    return stored.data;
  }

  async attach(unit: Unit, method: SandboxPaymentMethod, customerId: string | null): Promise<void> {
    if (!customerId || method.customer === customerId) return;
    method.customer = customerId;
    await this.store.save(unit.trx, method, unit.now);
  }
}

/** The error a declined charge or setup leaves on its intent. */
export function lastError(problem: CardProblem, method: SandboxPaymentMethod): StripeLastError {
  return {
    type: 'card_error',
    code: problem.code,
    ...(problem.declineCode ? { decline_code: problem.declineCode } : {}),
    doc_url: `https://docs.stripe.com/error-codes/${problem.code.replace(/_/g, '-')}`,
    message: problem.message,
    payment_method: method,
  };
}

/** The URL with these query parameters added (kept: its own parameters and fragment). */
export function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}
