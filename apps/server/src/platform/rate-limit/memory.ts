import { decide, type RateLimitDecision, type RateLimitRule, type RateLimitStore } from './types.ts';

/** Counters in this process: right for one instance only (RATE_LIMIT_STORE=memory). */
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
    return decide(entry.count, entry.windowStart, rule, now);
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
