import fp from 'fastify-plugin';
import type {
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';
import { READ_CACHE_TTL_MS } from '../config.ts';
import type { DataVersion } from '../db/data-version.ts';
import { signInRefusal } from '../platform/auth/plugin.ts';
import { requiresSignIn } from './route-access.ts';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET route's 200 answer depends only on the signed-in user's data, the URL and the brand
     * (no side effects, no headers of its own): it may be answered from the read cache.
     */
    readCache?: true;
  }
  interface FastifyRequest {
    /** The data version read before this request's handler ran, when its answer may be cached. */
    readCacheVersion?: string;
  }
}

/** Bytes of answers kept per instance; the least recently used go first. */
export const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: string;
  body: string;
  until: number;
  /** Read since the eviction last passed it: it gets a second chance (see `set`). */
  used: boolean;
}

/**
 * Answers of signed-in reads, per session, brand and URL, valid while the database has not changed
 * since they were computed (the data version read before the handler ran) and for a few seconds of
 * business time at most. Any write anywhere invalidates every answer: the cache cannot be stale
 * after a write, whichever module, job, webhook or instance made it.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers served from the cache, and lookups that found none (or a stale one). */
  hits = 0;
  misses = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = READ_CACHE_TTL_MS,
    private readonly maxBytes = READ_CACHE_MAX_BYTES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get ttl(): number {
    return this.ttlMs;
  }

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version || entry.until <= this.now()) {
      if (entry) this.remove(key, entry);
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    // Marked, not moved to the end: a delete and set on every hit made V8 rebuild the Map's table
    // every few hits, in the old generation where the Map lives. At 4,000 hits a second that grew
    // the old heap by 0.8 MB/s (0.03 without), and the full collection it forced every minute or
    // two held every answer for 100 ms or more.
    entry.used = true;
    return entry.body;
  }

  /** Keeps an answer for the TTL, or until `notAfter` (ms of business time) when that is sooner. */
  set(key: string, version: string, body: string, notAfter?: number): void {
    if (this.ttlMs <= 0 || body.length > this.maxBytes / 16) return;
    const until = Math.min(this.now() + this.ttlMs, notAfter ?? Number.POSITIVE_INFINITY);
    if (until <= this.now()) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { version, body, until, used: false });
    this.bytes += body.length;
    // Least recently used first, approximately (the "clock" rule): from the oldest, an entry read
    // since it was stored or last passed moves to the end unmarked instead of going.
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (oldest.used) {
        oldest.used = false;
        this.entries.delete(oldestKey);
        this.entries.set(oldestKey, oldest);
      } else {
        this.remove(oldestKey, oldest);
      }
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

export interface ReadCacheOptions {
  dataVersion: DataVersion;
  /** Business time in ms (the app's clock). */
  now: () => number;
  ttlMs?: number;
  /**
   * When the user's access to data they read through someone else ends within `withinMs` without
   * any write (a pet share's window, issue 35): the earliest such instant in ms, else null. An
   * answer is never kept past it.
   */
  accessEndsWithin?: (userId: string, withinMs: number) => Promise<number | null>;
}

/** The key of a request to a `readCache` route (its hooks are only on those routes). */
function cacheKey(request: FastifyRequest): string | null {
  const user = request.user;
  // Only users the route's sign-in guard lets through (a cached answer skips the route's guards).
  if (request.method !== 'GET' || !user || signInRefusal(request) !== null) return null;
  return `${user.id}\n${user.sessionId}\n${request.brand.id}\n${request.url}`;
}

/**
 * Sends the cached answer, or notes the version the handler's answer will be stored under. A
 * module function, not a closure per request (tsx names every closure it creates).
 */
function answerFromCache(
  cache: ReadCache,
  key: string,
  version: string,
  request: FastifyRequest,
  reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const body = cache.get(key, version);
  if (body === undefined) {
    request.readCacheVersion = version;
    return done();
  }
  reply.code(200).type('application/json; charset=utf-8').send(body);
}

/**
 * Serves opted-in signed-in reads (route config `readCache`) from the ReadCache. Register it
 * before compression: its onSend keeps the serialized JSON, which compression then encodes. The
 * lookup is a hook of those routes alone: the last onRequest hook, after the session was resolved
 * and before the guards of the route's access level (http/route-access.ts), which ran for the
 * cached answer under the same data.
 */
export const readCachePlugin = fp<ReadCacheOptions>(
  async (app, { dataVersion, now, ttlMs, accessEndsWithin }) => {
    const cache = new ReadCache(now, ttlMs);
    app.decorate('readCache', cache);
    app.decorateRequest('readCacheVersion', undefined);

    // A callback hook: on SQLite the version is read synchronously, so a hit costs no promise.
    const lookUp: onRequestHookHandler = (request, reply, done) => {
      const key = cacheKey(request);
      if (key === null) return done();
      const version = dataVersion();
      if (typeof version === 'string') answerFromCache(cache, key, version, request, reply, done);
      else version.then((v) => answerFromCache(cache, key, v, request, reply, done), done);
    };
    const store: onSendHookHandler = (request, reply, payload, done) => {
      const version = request.readCacheVersion;
      const key = version !== undefined && reply.statusCode === 200 ? cacheKey(request) : null;
      if (key === null || version === undefined || typeof payload !== 'string') return done(null, payload);
      if (!accessEndsWithin) {
        cache.set(key, version, payload);
        return done(null, payload);
      }
      // A member's answer lives no longer than the member's access (a share's window end).
      accessEndsWithin(request.user!.id, cache.ttl).then(
        (endsAt) => {
          cache.set(key, version, payload, endsAt ?? undefined);
          done(null, payload);
        },
        () => done(null, payload),
      );
    };
    // On the opted-in routes only: the others pay nothing, and a hit needs no look at the route's
    // options (Fastify builds them anew on every read of request.routeOptions).
    app.addHook('onRoute', (route) => {
      if (!route.config?.readCache) return;
      // The admission above is the sign-in guard's: a cached route must require a signed-in user.
      if (!requiresSignIn(route.config.access))
        throw new Error(`${route.url}: readCache needs a signed-in access level (http/route-access.ts)`);
      addRouteHook(route, 'onRequest', lookUp);
      // First, so that compression (a hook of every route) encodes what was kept.
      addRouteHook(route, 'onSend', store, 'first');
    });
  },
  { name: 'read-cache' },
);

declare module 'fastify' {
  interface FastifyInstance {
    readCache: ReadCache;
  }
}

/** Route option of the routes that opt in: `{ ...route(...), config: cachedRead }`. */
export const cachedRead = { readCache: true } as const;
