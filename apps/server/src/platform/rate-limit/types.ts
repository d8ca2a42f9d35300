/** A fixed window: `max` hits per `window` seconds per key. */
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

/**
 * Where the counters live. `consume` counts one hit and decides in one atomic step, so concurrent
 * requests (on one or several instances) never all pass a stale read. The shape is better-auth's
 * `customStorage`, so its own limits share the store.
 */
export interface RateLimitStore {
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Releases connections the store holds (Redis); called when the app closes. */
  close?(): Promise<void>;
}

export const retryAfterSeconds = (windowStart: number, windowMs: number, now: number) =>
  Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));

/** The decision for the `count`-th hit of a window that started at `windowStart`. */
export function decide(
  count: number,
  windowStart: number,
  rule: RateLimitRule,
  now: number,
): RateLimitDecision {
  if (count <= rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: retryAfterSeconds(windowStart, rule.window * 1000, now) };
}
