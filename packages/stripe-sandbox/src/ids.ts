import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes above it are skipped, so every character is equally likely. */
const UNBIASED_LIMIT = 248;

/** Random letters and digits (client secrets are made of these, so no modulo bias). */
export function randomToken(length: number): string {
  let token = '';
  while (token.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT && token.length < length) token += ALPHABET[byte % ALPHABET.length];
    }
  }
  return token;
}

/** Stripe-looking ids: pi_..., pm_..., cus_... */
export const newStripeId = (prefix: string, length = 24): string => `${prefix}_${randomToken(length)}`;

export interface SandboxKeys {
  /** Server calls authenticate with it (Authorization: Bearer ...). */
  secretKey: string;
  /** What the browser gets; it may only confirm an intent whose client_secret it holds. */
  publishableKey: string;
}

/**
 * The sandbox's API keys, derived from the webhook secret (generated once into DATA_DIR): stable
 * across restarts, and not guessable by someone who can reach a development server.
 */
export function sandboxKeys(webhookSecret: string): SandboxKeys {
  const derive = (label: string) =>
    createHmac('sha256', webhookSecret).update(`payments sandbox ${label}`).digest('hex').slice(0, 24);
  return {
    secretKey: `sk_test_sandbox_${derive('secret key')}`,
    publishableKey: `pk_test_sandbox_${derive('publishable key')}`,
  };
}
