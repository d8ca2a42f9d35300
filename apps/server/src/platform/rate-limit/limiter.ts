import { Status } from '@pet/contract';
import { AppError } from '../errors.ts';
import type { RateLimitDecision, RateLimitRule, RateLimitStore } from './types.ts';

/**
 * Fixed-window rate limits, on in every environment (tests included). One limiter serves our own
 * /v1 routes (per IP, per account, per code) and better-auth (its `customStorage` is `store`), so
 * every limit lives in one store.
 */
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

  async close(): Promise<void> {
    await this.store.close?.();
  }
}

export class TooManyRequestsError extends AppError {
  constructor(readonly retryAfter: number) {
    super(Status.TooManyRequests, 'Too_Many_Requests_Text', 'Too many requests. Please try again later.');
  }
}

/** The limits of our own routes (better-auth's are in platform/auth/auth.ts). */
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
  /** Failure reports of the apps (POST /v1/logging): a log line per report, so a flood is capped. */
  clientLogPerIp: { window: 60, max: 20 },
  /** The public emergency download guesses a password (the activation code). */
  emergencyPublicPerIp: { window: 900, max: 10 },
  /** The public cancellation form (§ 312k BGB) mails the address given: capped like a reset. */
  contractCancelPerIp: { window: 900, max: 10 },
  contractCancelPerEmail: { window: 900, max: 3 },
} as const satisfies Record<string, RateLimitRule>;
