import { sql, type Kysely } from 'kysely';
import { Status } from '@pet/contract';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * Fixed-window rate limits, on in every environment (tests included). One limiter serves our own
 * /v1 routes (per IP, per account, per code) and better-auth (its `customStorage`), so every limit
 * lives in one store:
 * - embedded (SQLite): an in-process map;
 * - PostgreSQL: the `rate_limit_counter` table, one atomic upsert per hit, so limits hold across
 *   instances.
 */
export interface RateLimitRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window; the next one is refused. */
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window frees up (when refused). */
  retryAfter: number | null;
}

export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
}

const retryAfterSeconds = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; windowStart: number; windowMs: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 100_000,
  ) {}

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now();
    const windowMs = rule.window * 1000;
    let entry = this.entries.get(key);
    if (!entry || now - entry.windowStart >= windowMs) {
      if (this.entries.size >= this.maxEntries) this.prune(now);
      entry = { count: 0, windowStart: now, windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    if (entry.count <= rule.max) return { allowed: true, retryAfter: null };
    return { allowed: false, retryAfter: retryAfterSeconds(entry.windowStart, windowMs, now) };
  }

  private prune(now: number) {
    for (const [key, entry] of this.entries) {
      if (now - entry.windowStart >= entry.windowMs) this.entries.delete(key);
    }
    // Still full (an attack with many keys): drop the oldest half rather than grow without bound.
    if (this.entries.size >= this.maxEntries) {
      let toDrop = Math.ceil(this.entries.size / 2);
      for (const key of this.entries.keys()) {
        this.entries.delete(key);
        if (--toDrop <= 0) break;
      }
    }
  }
}

/** Counters in the database: `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` is one atomic step. */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hits = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now();
    const windowMs = rule.window * 1000;
    const expiredBefore = now - windowMs;
    const row = await this.db
      .insertInto('rate_limit_counter')
      .values({ key, count: 1, window_start: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limit_counter.window_start <= ${expiredBefore} then 1 else rate_limit_counter.count + 1 end`,
          window_start: sql<number>`case when rate_limit_counter.window_start <= ${expiredBefore} then ${now} else rate_limit_counter.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    if (++this.hits % 1000 === 0) void this.prune(now);
    const count = Number(row.count);
    if (count <= rule.max) return { allowed: true, retryAfter: null };
    return { allowed: false, retryAfter: retryAfterSeconds(Number(row.window_start), windowMs, now) };
  }

  /** Counters older than a day are of no use to any window we configure. */
  private async prune(now: number) {
    await this.db
      .deleteFrom('rate_limit_counter')
      .where('window_start', '<', now - 86_400_000)
      .execute()
      .catch(() => undefined);
  }
}

export class RateLimiter {
  constructor(readonly store: RateLimitStore) {}

  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.store.consume(key, rule);
  }

  /** Counts one hit on every key; throws 429 (Too_Many_Requests_Text) when any is over its limit. */
  async enforce(...limits: Array<[key: string, rule: RateLimitRule]>): Promise<void> {
    let retryAfter = 0;
    for (const [key, rule] of limits) {
      const decision = await this.store.consume(key, rule);
      if (!decision.allowed) retryAfter = Math.max(retryAfter, decision.retryAfter ?? rule.window);
    }
    if (retryAfter > 0) throw new TooManyRequestsError(retryAfter);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfter: number) {
    super(Status.TooManyRequests, 'Too_Many_Requests_Text', 'Too many requests. Please try again later.');
  }
}

export function createRateLimiter(db: Kysely<Database>, kind: 'sqlite' | 'postgres'): RateLimiter {
  return new RateLimiter(kind === 'postgres' ? new DatabaseRateLimitStore(db) : new MemoryRateLimitStore());
}

/** The limits of our own routes (better-auth's are in platform/identity/auth.ts). */
export const RATE_LIMITS = {
  signupPerIp: { window: 3600, max: 20 },
  signupPerEmail: { window: 3600, max: 5 },
  codeCheckPerIp: { window: 600, max: 30 },
  codeCheckPerCode: { window: 600, max: 10 },
  verifyCodePerUser: { window: 3600, max: 20 },
  verifyCodePerIp: { window: 3600, max: 60 },
  resetPerIp: { window: 900, max: 10 },
  resetPerEmail: { window: 900, max: 3 },
  sendVerificationPerIp: { window: 900, max: 10 },
  sendVerificationPerEmail: { window: 900, max: 3 },
  signInPerEmail: { window: 900, max: 10 },
  magicLinkPerEmail: { window: 900, max: 3 },
  oneTimeTokenPerUser: { window: 600, max: 10 },
  /** The public emergency download guesses a password (the activation code). */
  emergencyPublicPerIp: { window: 900, max: 10 },
} as const satisfies Record<string, RateLimitRule>;
