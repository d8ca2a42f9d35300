import { Redis } from 'ioredis';
import { decide, type RateLimitDecision, type RateLimitRule, type RateLimitStore } from './types.ts';

/**
 * One hit on a window kept in a hash {s: window start ms, c: count}; a window that has run out
 * starts again at this hit. Lua runs atomically in Redis, so instances never lose a hit. The start
 * comes from the caller's clock (as in the database store); PEXPIRE only lets idle keys go.
 */
const CONSUME_LUA = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local start = tonumber(redis.call('HGET', KEYS[1], 's'))
if start == nil or now - start >= windowMs then
  redis.call('HSET', KEYS[1], 's', now, 'c', 1)
  redis.call('PEXPIRE', KEYS[1], windowMs)
  return {1, now}
end
return {redis.call('HINCRBY', KEYS[1], 'c', 1), start}
`;

type ConsumeCommand = (key: string, now: number, windowMs: number) => Promise<[number, number]>;

export interface RedisRateLimitOptions {
  /** redis://[user:pass@]host:port[/db] (REDIS_URL). */
  url: string;
  /** Prefix of every counter key (tests give each run its own). */
  prefix?: string;
  now?: () => number;
}

/** Counters in Redis (RATE_LIMIT_STORE=redis): every instance pointing at it shares them. */
export class RedisRateLimitStore implements RateLimitStore {
  readonly client: Redis;
  private readonly prefix: string;
  private readonly now: () => number;
  private readonly run: ConsumeCommand;

  constructor(options: RedisRateLimitOptions) {
    this.prefix = options.prefix ?? 'ratelimit:';
    this.now = options.now ?? Date.now;
    this.client = new Redis(options.url, {
      // A limit check that waits on a dead Redis would hold every sign-in: fail the request fast
      // (500) instead, and keep reconnecting in the background.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
    });
    // Without a listener ioredis prints every failed reconnect; the failing request reports it.
    this.client.on('error', () => undefined);
    this.client.defineCommand('petRateLimitConsume', { numberOfKeys: 1, lua: CONSUME_LUA });
    const command = (this.client as unknown as Record<string, ConsumeCommand>).petRateLimitConsume!;
    this.run = command.bind(this.client);
  }

  async consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.now();
    const [count, start] = await this.run(this.prefix + key, now, rule.window * 1000);
    return decide(Number(count), Number(start), rule, now);
  }

  async close(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
