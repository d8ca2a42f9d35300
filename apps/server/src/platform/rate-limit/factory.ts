import type { Kysely } from 'kysely';
import type { RateLimitConfig } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { DatabaseRateLimitStore } from './database.ts';
import { RateLimiter } from './limiter.ts';
import { MemoryRateLimitStore } from './memory.ts';
import { RedisRateLimitStore } from './redis.ts';
import type { RateLimitStore } from './types.ts';

/** The store RATE_LIMIT_STORE asks for. */
export function createRateLimitStore(db: Kysely<Database>, config: RateLimitConfig): RateLimitStore {
  switch (config.store) {
    case 'postgres':
      return new DatabaseRateLimitStore(db, Date.now, 'postgres');
    case 'redis':
      return new RedisRateLimitStore({ url: config.redisUrl, prefix: config.redisPrefix });
    case 'memory':
      return new MemoryRateLimitStore();
  }
}

/**
 * The limiter of the app. Without a configuration (older callers): counters in the database on
 * PostgreSQL, in memory on SQLite.
 */
export function createRateLimiter(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  config: RateLimitConfig = { store: kind === 'postgres' ? 'postgres' : 'memory' },
): RateLimiter {
  return new RateLimiter(createRateLimitStore(db, config));
}
