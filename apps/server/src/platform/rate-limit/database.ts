import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { decide, type RateLimitDecision, type RateLimitRule, type RateLimitStore } from './types.ts';

/**
 * Counters in the `rate_limit_counter` table (RATE_LIMIT_STORE=postgres): every instance on the
 * database shares them. `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` is one atomic step.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  private hits = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
    /** PostgreSQL: commit counters without waiting for the WAL flush (see consume). */
    private readonly kind: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now();
    const expiredBefore = now - rule.window * 1000;
    const values =
      this.kind === 'postgres'
        ? // A counter lost in a crash costs nothing, and waiting for the WAL flush on every hit made
          // the store about three times slower. set_config(..., true) holds for this statement's
          // own transaction only, so nothing else on the connection commits asynchronously.
          (eb: ExpressionBuilder<Database, 'rate_limit_counter'>) =>
            eb
              .selectFrom(
                sql<{ off: string }>`(select set_config('synchronous_commit', 'off', true))`.as(
                  'async_commit',
                ),
              )
              .select([
                sql<string>`${key}::text`.as('key'),
                sql<number>`1`.as('count'),
                sql<number>`${now}::bigint`.as('window_start'),
              ])
              .where(sql<boolean>`true`)
        : null;
    const insert = this.db.insertInto('rate_limit_counter');
    const row = await (
      values
        ? insert.columns(['key', 'count', 'window_start']).expression(values)
        : insert.values({ key, count: 1, window_start: now })
    )
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`case when rate_limit_counter.window_start <= ${expiredBefore} then 1 else rate_limit_counter.count + 1 end`,
          window_start: sql<number>`case when rate_limit_counter.window_start <= ${expiredBefore} then ${now} else rate_limit_counter.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow();
    if (++this.hits % 1000 === 0) void this.prune(now);
    return decide(Number(row.count), Number(row.window_start), rule, now);
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
