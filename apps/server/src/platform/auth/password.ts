import { randomBytes, timingSafeEqual } from 'node:crypto';
import { OWASP_PASSWORD_HASH_COST } from '../../config.ts';
import type { PasswordPool } from './password-pool.ts';

/**
 * Password hashing at OWASP strength: scrypt with N=2^17, r=8, p=1 (OWASP Password Storage Cheat
 * Sheet), 16-byte random salt, 64-byte key. Stored as `scrypt$N$r$p$salt$key` (base64), so the
 * parameters can be raised later and old hashes still verify. The config may lower N outside
 * production only (PASSWORD_HASH_COST, for the test suites).
 */
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

/**
 * Hashes and verifies on the password pool (password-pool.ts), never on the event loop or libuv's
 * shared threads. Both throw PasswordPoolBusyError at once when the pool is at capacity.
 */
export class PasswordHasher {
  private readonly n: number;

  /** `cost`: log2 of N for new hashes (OWASP_PASSWORD_HASH_COST unless the config lowers it). */
  constructor(
    private readonly pool: PasswordPool,
    cost: number = OWASP_PASSWORD_HASH_COST,
  ) {
    this.n = 2 ** cost;
  }

  hash = async (password: string): Promise<string> => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await this.scrypt(password, salt, this.n, R, P, KEY_LENGTH);
    return ['scrypt', this.n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
  };

  verify = async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    const parts = hash.split('$');
    if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
    const [n, r, p] = parts.slice(1, 4).map((v) => Number.parseInt(v, 10)) as [number, number, number];
    if (![n, r, p].every((v) => Number.isSafeInteger(v) && v > 0) || n > 2 ** 20 || r > 32 || p > 16)
      return false;
    const salt = Buffer.from(parts[4]!, 'base64');
    const expected = Buffer.from(parts[5]!, 'base64');
    if (expected.length === 0) return false;
    const actual = await this.scrypt(password, salt, n, r, p, expected.length);
    return timingSafeEqual(actual, expected);
  };

  private scrypt(password: string, salt: Buffer, n: number, r: number, p: number, keyLength: number) {
    return this.pool.scrypt({ password: password.normalize('NFKC'), salt, n, r, p, keyLength });
  }
}
