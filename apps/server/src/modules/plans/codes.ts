import { createHmac, randomInt } from 'node:crypto';
import type { ActivationCodeKind } from '../../db/tables/identity.ts';

/**
 * Activation code format. Alphabet without look-alikes (no 0/O, 1/I/L): 31 symbols.
 * - single codes: 12 symbols in groups of four, `7KQ2-MX9T-RB4H` (31^12 ≈ 2^59.4);
 * - batch codes: the same behind a `B` group, `B-7KQ2-MX9T-RB4H`, so a batch code that does not
 *   exist can be told apart (478) from an unknown code (204).
 * Input is normalized before hashing: upper case, spaces and dashes removed.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_SYMBOLS = 12;
export const CODE_GROUP = 4;
export const BATCH_PREFIX = 'B';
/** log2(31^12): the entropy of a generated code in bits. */
export const CODE_ENTROPY_BITS = CODE_SYMBOLS * Math.log2(CODE_ALPHABET.length);

const BODY = `[${CODE_ALPHABET}]{${CODE_SYMBOLS}}`;
const SINGLE_PATTERN = new RegExp(`^${BODY}$`);
const BATCH_PATTERN = new RegExp(`^${BATCH_PREFIX}${BODY}$`);

export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

/** Which kind of code a normalized input looks like; null when it cannot be a code at all. */
export function codeShape(normalized: string): ActivationCodeKind | null {
  if (SINGLE_PATTERN.test(normalized)) return 'single';
  if (BATCH_PATTERN.test(normalized)) return 'batch';
  return null;
}

/** A fresh code (normalized form), from the operating system's CSPRNG. */
export function generateCode(kind: ActivationCodeKind): string {
  let body = '';
  for (let i = 0; i < CODE_SYMBOLS; i++) body += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return kind === 'batch' ? `${BATCH_PREFIX}${body}` : body;
}

/** Display form: groups of four, a batch code with its `B-` group in front. */
export function formatCode(normalized: string): string {
  const batch =
    normalized.length === CODE_SYMBOLS + BATCH_PREFIX.length && normalized.startsWith(BATCH_PREFIX);
  const body = batch ? normalized.slice(BATCH_PREFIX.length) : normalized;
  const groups = body.match(new RegExp(`.{1,${CODE_GROUP}}`, 'g')) ?? [];
  return [...(batch ? [BATCH_PREFIX] : []), ...groups].join('-');
}

/** The stored form: HMAC-SHA256 under the server's code secret (hex). */
export function hashCode(secret: string, normalized: string): string {
  return createHmac('sha256', secret).update(`activation-code:${normalized}`).digest('hex');
}
