import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema.ts';
import type { JobTable } from '../../db/tables/jobs.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { JobType } from './job-type.ts';

export { defineJob, type JobType } from './job-type.ts';

export type JobRow = Selectable<JobTable>;

/**
 * A job handler must be idempotent: a job can run more than once (a runner that dies after the
 * work but before marking it done leaves it to be claimed again when its lease expires).
 */
export type JobHandler<Payload = unknown> = (payload: Payload, job: JobRow) => Promise<void>;

export interface ScheduleOptions {
  runAt?: Date;
  /**
   * Run this long after the queue's (business) now. A delay must not be added to the system
   * clock: when business time runs ahead (the dev clock), such a job would be due at once.
   */
  delayMs?: number;
  /** Scheduling an existing dedupe key keeps the existing job (and answers its id). */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Schedule inside this transaction: the job exists only if the transaction commits. */
  trx?: Transaction<Database>;
}

export interface JobQueueOptions {
  db: Kysely<Database>;
  kind: DatabaseKind;
  log: FastifyBaseLogger;
  /** How long a claimed job belongs to its runner; after that another runner may take it. */
  leaseMs?: number;
  /** Poll interval of the background loop. */
  pollMs?: number;
  /** Jobs claimed per poll. */
  batchSize?: number;
  now?: () => Date;
  runnerId?: string;
}

const DEFAULT_MAX_ATTEMPTS = 8;

/** Exponential backoff with jitter: 30 s, 1 min, 2 min ... capped at 1 hour. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (0.8 + random() * 0.4));
}

/**
 * Durable jobs in the `job` table: rows with a run-at time, claimed atomically (PostgreSQL:
 * FOR UPDATE SKIP LOCKED, so several instances never take one job; SQLite: one writer, the claim is
 * a single UPDATE ... RETURNING), leased, retried with backoff, and reclaimed after a crash.
 */
export class JobQueue {
  readonly runnerId: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<unknown> | null = null;
  private stopped = true;
  private tick: (() => Promise<void>) | null = null;
  private poked = false;

  constructor(private readonly options: JobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 2_000;
    this.batchSize = options.batchSize ?? 10;
    this.now = options.now ?? (() => new Date());
    this.runnerId = options.runnerId ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  /**
   * A typed job's handler gets its payload parsed by the job type's schema (a payload that does not
   * match fails the run like a throwing handler). A plain name registers a handler of unchecked
   * payloads (the payment sandbox's jobs and the queue's own tests).
   */
  register<Payload>(type: JobType<Payload>, handler: JobHandler<Payload>): void;
  register(type: string, handler: JobHandler): void;
  register(type: JobType<unknown> | string, handler: JobHandler): void {
    const name = typeof type === 'string' ? type : type.name;
    if (this.handlers.has(name)) throw new Error(`job type ${name} registered twice`);
    this.handlers.set(
      name,
      typeof type === 'string' ? handler : (payload, job) => handler(type.payload.parse(payload), job),
    );
  }

  /**
   * A typed job's payload is checked before it is stored (a mistake fails the caller, not a run
   * days later); it is stored as given.
   */
  async schedule<Payload>(
    type: JobType<Payload>,
    payload: Payload,
    options?: ScheduleOptions,
  ): Promise<string>;
  async schedule(type: string, payload: unknown, options?: ScheduleOptions): Promise<string>;
  async schedule(
    type: JobType<unknown> | string,
    payload: unknown,
    options: ScheduleOptions = {},
  ): Promise<string> {
    if (typeof type !== 'string') type.payload.parse(payload);
    const name = typeof type === 'string' ? type : type.name;
    const db = options.trx ?? this.options.db;
    const now = this.now().toISOString();
    const id = randomUUID();
    const result = await db
      .insertInto('job')
      .values({
        id,
        type: name,
        payload: JSON.stringify(payload ?? null),
        status: 'pending',
        run_at: (options.runAt ?? new Date(this.now().getTime() + (options.delayMs ?? 0))).toISOString(),
        attempts: 0,
        max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        last_error: null,
        locked_by: null,
        locked_until: null,
        dedupe_key: options.dedupeKey ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0 || !options.dedupeKey) return id;
    const existing = await db
      .selectFrom('job')
      .select('id')
      .where('dedupe_key', '=', options.dedupeKey)
      .executeTakeFirstOrThrow();
    return existing.id;
  }

  /** Cancels a job that has not started (e.g. a reminder whose appointment was deleted). */
  async cancel(dedupeKey: string): Promise<boolean> {
    const result = await this.options.db
      .deleteFrom('job')
      .where('dedupe_key', '=', dedupeKey)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Atomically takes up to `limit` due jobs (or jobs whose runner's lease expired). */
  async claim(limit = this.batchSize): Promise<JobRow[]> {
    const db = this.options.db;
    const now = this.now();
    const nowIso = now.toISOString();
    const leaseUntil = new Date(now.getTime() + this.leaseMs).toISOString();
    const due = (qb: Kysely<Database>) => {
      let query = qb
        .selectFrom('job')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
          ]),
        )
        .orderBy('run_at')
        .limit(limit);
      if (this.options.kind === 'postgres') query = query.forUpdate().skipLocked();
      return query;
    };
    return db
      .updateTable('job')
      .set({
        status: 'running',
        locked_by: this.runnerId,
        locked_until: leaseUntil,
        attempts: sql`attempts + 1`,
        updated_at: nowIso,
      })
      .where('id', 'in', due(db))
      .returningAll()
      .execute();
  }

  /** Runs one claimed job and records the outcome; never throws. */
  private async execute(job: JobRow): Promise<void> {
    const db = this.options.db;
    const handler = this.handlers.get(job.type);
    const finished = this.now().toISOString();
    try {
      if (!handler) throw new Error(`no handler for job type ${job.type}`);
      await handler(JSON.parse(job.payload), job);
      await db
        .updateTable('job')
        .set({ status: 'done', locked_by: null, locked_until: null, last_error: null, updated_at: finished })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.runnerId)
        .execute();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = job.attempts >= job.max_attempts;
      this.options.log.warn({ jobId: job.id, type: job.type, attempt: job.attempts, err }, 'job failed');
      await db
        .updateTable('job')
        .set({
          status: giveUp ? 'failed' : 'pending',
          run_at: giveUp
            ? job.run_at
            : new Date(this.now().getTime() + retryDelayMs(job.attempts)).toISOString(),
          last_error: message.slice(0, 2000),
          locked_by: null,
          locked_until: null,
          updated_at: finished,
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', this.runnerId)
        .execute();
    }
  }

  /** Claims and runs every due job once; answers how many ran. Tests call this directly. */
  async runDue(): Promise<number> {
    let total = 0;
    for (;;) {
      const jobs = await this.claim();
      if (jobs.length === 0) return total;
      for (const job of jobs) await this.execute(job);
      total += jobs.length;
      if (jobs.length < this.batchSize) return total;
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.tick = async () => {
      if (this.stopped) return;
      this.poked = false;
      this.inFlight = this.runDue().catch((err) => this.options.log.error({ err }, 'job poll failed'));
      await this.inFlight;
      this.inFlight = null;
      if (!this.stopped) this.timer = setTimeout(this.tick!, this.poked ? 0 : this.pollMs);
    };
    this.timer = setTimeout(this.tick, 0);
  }

  /**
   * Work was just scheduled that a user waits for (a thumbnail): this instance's loop runs its
   * next round now instead of after the poll interval (after the round in hand, if one runs).
   */
  poke(): void {
    if (this.stopped || !this.tick) return;
    this.poked = true;
    if (this.inFlight) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.tick, 0);
  }

  /** Stops polling and waits for the jobs in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.inFlight;
  }
}
