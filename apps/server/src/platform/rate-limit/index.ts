/**
 * Rate limits: one RateLimiter over a RateLimitStore chosen by RATE_LIMIT_STORE: memory (one
 * instance), postgres (the `rate_limit_counter` table) or redis (REDIS_URL). Several instances
 * must use postgres or redis so that a limit holds across them.
 */
export type { RateLimitDecision, RateLimitRule, RateLimitStore } from './types.ts';
export { MemoryRateLimitStore } from './memory.ts';
export { DatabaseRateLimitStore } from './database.ts';
export { RedisRateLimitStore, type RedisRateLimitOptions } from './redis.ts';
export { RATE_LIMITS, RateLimiter, TooManyRequestsError } from './limiter.ts';
export { createRateLimitStore, createRateLimiter } from './factory.ts';
