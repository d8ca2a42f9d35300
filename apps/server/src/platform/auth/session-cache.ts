import { hash } from 'node:crypto';
import type { SessionUser } from './identity.ts';

/** How long a resolved session is reused on this instance (other instances see a revocation after at most this). */
export const SESSION_CACHE_TTL_MS = 10_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/**
 * Share of the TTL after which a hit also starts a lookup in the background, so a busy session is
 * renewed before it runs out instead of stalling the calls that find it gone.
 */
export const SESSION_REFRESH_SHARE = 0.7;

/** A cached session: its user, when it runs out and when a hit should renew it. */
export interface CachedSession {
  readonly user: SessionUser;
  readonly until: number;
  readonly refreshAt: number;
}

/**
 * The fast path of session resolution: a short-lived, bounded, in-process map from a hash of the
 * request's credentials (bearer token and session cookie, signature included) to the user they
 * resolved to. Only successful lookups are kept, never longer than the session itself.
 *
 * Every change that can end or alter a session on this instance (sign-out, revocation, ban,
 * password change or reset, account deletion, session re-issue, profile change) calls
 * `invalidateUser` or `clear`, so it takes effect at once here; other instances drop their copy
 * within the TTL. A lookup that started before an invalidation is not stored (generation check),
 * so a revocation racing a slow lookup cannot be undone by it.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  /** The last credentials of each connection and their key, while the connection lives. */
  private readonly lastKeyOfConnection = new WeakMap<object, { credentials: string; key: string }>();
  private generationCounter = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
    readonly now: () => number = () => Date.now(),
  ) {}

  /** The key of a credential string: its SHA-256, so the map never holds a usable token. */
  static key(credentials: string): string {
    // The one-shot hash: no Hash object per request (this runs on every signed-in call).
    return hash('sha256', credentials, 'base64url');
  }

  /**
   * key(), remembered per connection: a keep-alive connection sends the same credentials on every
   * call, and hashing them was a tenth of a cached answer's cost. The remembered credentials live
   * no longer than the connection, whose own buffers hold them anyway.
   */
  keyOn(connection: object, credentials: string): string {
    const last = this.lastKeyOfConnection.get(connection);
    if (last !== undefined && last.credentials === credentials) return last.key;
    const key = SessionCache.key(credentials);
    this.lastKeyOfConnection.set(connection, { credentials, key });
    return key;
  }

  /** Bumped by every invalidation; pass the value read before a lookup to `set`. */
  get generation(): number {
    return this.generationCounter;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): SessionUser | undefined {
    return this.entry(key)?.user;
  }

  /** The live entry of a key (see `refreshAt`), or undefined. */
  entry(key: string): CachedSession | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops one key (a background lookup found its session gone). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, user: SessionUser, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generationCounter) return;
    const until = Math.min(this.now() + this.ttlMs, user.sessionExpiresAt.getTime());
    if (until <= this.now()) return;
    this.entries.delete(key);
    // Bounded: the oldest entry goes first (a Map iterates in insertion order).
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    const refreshAt = Math.min(this.now() + this.ttlMs * SESSION_REFRESH_SHARE, until);
    this.entries.set(key, { user: Object.freeze({ ...user }), until, refreshAt });
  }

  invalidateUser(userId: string): void {
    this.generationCounter += 1;
    for (const [key, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(key);
  }

  clear(): void {
    this.generationCounter += 1;
    this.entries.clear();
  }
}
