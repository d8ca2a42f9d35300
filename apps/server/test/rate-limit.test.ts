import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import {
  DatabaseRateLimitStore,
  MemoryRateLimitStore,
  RateLimiter,
  RedisRateLimitStore,
  TooManyRequestsError,
  createRateLimitStore,
  type RateLimitStore,
} from '../src/platform/rate-limit.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at REDIS_URL (the redis suite runs only then). */
async function redisReachable(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const hasRedis = await redisReachable(REDIS_URL);
if (!hasRedis) {
  console.warn(`rate-limit.test: no Redis answers at ${REDIS_URL}; the redis adapter suite is skipped`);
}

let clock = Date.UTC(2030, 0, 1, 12, 0, 0);
const now = () => clock;

// ---------------------------------------------------------------------------------------------
// The adapters

interface Harness {
  /** Two stores standing for two server instances (their own connections to one backend). */
  stores: [RateLimitStore, RateLimitStore];
  /** Whether the two stores share counters (every store but memory). */
  shared: boolean;
  close(): Promise<void>;
}

async function memoryHarness(): Promise<Harness> {
  return {
    stores: [new MemoryRateLimitStore(now), new MemoryRateLimitStore(now)],
    shared: false,
    close: async () => {},
  };
}

/** The `rate_limit_counter` table of a migrated test database (SQLite, or PostgreSQL with TEST_DATABASE_URL). */
async function databaseHarness(): Promise<Harness> {
  const t: TestApp = await createTestApp();
  const second: DatabaseHandle = openDatabase(t.config);
  return {
    stores: [
      new DatabaseRateLimitStore(t.app.db, now, testDatabaseKind),
      new DatabaseRateLimitStore(second.db, now, testDatabaseKind),
    ],
    shared: true,
    close: async () => {
      await second.close();
      await t.close();
    },
  };
}

async function redisHarness(): Promise<Harness> {
  const prefix = `pet-test:${randomUUID()}:`;
  const a = new RedisRateLimitStore({ url: REDIS_URL, prefix, now });
  const b = new RedisRateLimitStore({ url: REDIS_URL, prefix, now });
  return {
    stores: [a, b],
    shared: true,
    close: async () => {
      const keys = await a.client.keys(`${prefix}*`);
      if (keys.length > 0) await a.client.del(...keys);
      await a.close();
      await b.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The contract, run against every adapter

const adapters: Array<[string, () => Promise<Harness>, boolean]> = [
  ['memory', memoryHarness, true],
  [`database (${testDatabaseKind})`, databaseHarness, true],
  [hasRedis ? 'redis' : `redis (skipped: no Redis at ${REDIS_URL})`, redisHarness, hasRedis],
];

describe.each(adapters)('RateLimitStore contract: %s', (_name, makeHarness, runs) => {
  let h: Harness;
  let store: RateLimitStore;
  const key = () => `test:${randomUUID()}`;

  beforeAll(async () => {
    if (!runs) return;
    h = await makeHarness();
    store = h.stores[0];
  });
  afterAll(async () => h?.close());

  it.skipIf(!runs)('allows max hits per window, then refuses with the seconds left', async () => {
    const k = key();
    const rule = { window: 60, max: 3 };
    for (let i = 0; i < 3; i++)
      expect(await store.consume(k, rule)).toEqual({ allowed: true, retryAfter: null });
    expect(await store.consume(k, rule)).toEqual({ allowed: false, retryAfter: 60 });
    clock += 20_500;
    expect(await store.consume(k, rule)).toEqual({ allowed: false, retryAfter: 40 });
  });

  it.skipIf(!runs)('starts a new window once the old one has run out', async () => {
    const k = key();
    const rule = { window: 10, max: 1 };
    expect((await store.consume(k, rule)).allowed).toBe(true);
    expect((await store.consume(k, rule)).allowed).toBe(false);
    clock += 9_999;
    expect((await store.consume(k, rule)).allowed).toBe(false);
    clock += 1;
    expect(await store.consume(k, rule)).toEqual({ allowed: true, retryAfter: null });
    expect((await store.consume(k, rule)).allowed).toBe(false);
  });

  it.skipIf(!runs)('counts each key on its own', async () => {
    const [a, b] = [key(), key()];
    const rule = { window: 60, max: 1 };
    expect((await store.consume(a, rule)).allowed).toBe(true);
    expect((await store.consume(b, rule)).allowed).toBe(true);
    expect((await store.consume(a, rule)).allowed).toBe(false);
  });

  it.skipIf(!runs)('loses no hit under concurrent requests (check and count are one step)', async () => {
    const k = key();
    const rule = { window: 60, max: 10 };
    const decisions = await Promise.all(Array.from({ length: 40 }, () => store.consume(k, rule)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10);
  });

  it.skipIf(!runs)('shares counters between instances when the store is shared', async () => {
    const k = key();
    const rule = { window: 60, max: 4 };
    const [a, b] = h.stores;
    const decisions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).consume(k, rule)),
    );
    // Memory counts per process: each instance allows its own 4 (why several instances need another store).
    expect(decisions.filter((d) => d.allowed)).toHaveLength(h.shared ? 4 : 8);
  });

  it.skipIf(!runs)('drives RateLimiter.enforce: 429 with Retry-After once any key is over', async () => {
    const limiter = new RateLimiter(store);
    const [ip, email] = [key(), key()];
    await limiter.enforce([ip, { window: 60, max: 5 }], [email, { window: 30, max: 1 }]);
    const refused = await limiter
      .enforce([ip, { window: 60, max: 5 }], [email, { window: 30, max: 1 }])
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as TooManyRequestsError).retryAfter).toBe(30);
    expect((refused as TooManyRequestsError).key).toBe('Too_Many_Requests_Text');
  });
});

// ---------------------------------------------------------------------------------------------
// Configuration

describe('rate-limit store configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/pet-rl-config' };
  const pgUrl = 'postgres://u@127.0.0.1:5432/x';

  it('keeps counters in memory on SQLite and in the database on PostgreSQL unless told', () => {
    expect(loadConfig(base).rateLimit).toEqual({ store: 'memory' });
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl }).rateLimit).toEqual({ store: 'postgres' });
    expect(loadConfig({ ...base, DATABASE_URL: pgUrl, RATE_LIMIT_STORE: 'memory' }).rateLimit).toEqual({
      store: 'memory',
    });
  });

  it('reads RATE_LIMIT_STORE=redis with REDIS_URL (default the local Redis) and a key prefix', () => {
    expect(loadConfig({ ...base, RATE_LIMIT_STORE: 'redis' }).rateLimit).toEqual({
      store: 'redis',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'pet:ratelimit:',
    });
    expect(
      loadConfig({
        ...base,
        RATE_LIMIT_STORE: 'redis',
        REDIS_URL: 'rediss://:pw@cache:6380/2',
        REDIS_KEY_PREFIX: 'a:',
      }).rateLimit,
    ).toEqual({ store: 'redis', redisUrl: 'rediss://:pw@cache:6380/2', redisPrefix: 'a:' });
  });

  it('refuses a store that cannot work', () => {
    expect(() => loadConfig({ ...base, RATE_LIMIT_STORE: 'postgres' })).toThrow(
      /RATE_LIMIT_STORE=postgres needs/,
    );
    expect(() => loadConfig({ ...base, RATE_LIMIT_STORE: 'disk' })).toThrow(/RATE_LIMIT_STORE/);
    expect(() => loadConfig({ ...base, RATE_LIMIT_STORE: 'redis', REDIS_URL: 'http://cache' })).toThrow(
      /REDIS_URL must be a redis/,
    );
  });

  it('builds the adapter the configuration names', async () => {
    const db = {} as never;
    expect(createRateLimitStore(db, { store: 'memory' })).toBeInstanceOf(MemoryRateLimitStore);
    expect(createRateLimitStore(db, { store: 'postgres' })).toBeInstanceOf(DatabaseRateLimitStore);
    const redis = createRateLimitStore(db, { store: 'redis', redisUrl: REDIS_URL, redisPrefix: 'x:' });
    expect(redis).toBeInstanceOf(RedisRateLimitStore);
    await redis.close?.();
  });
});

describe.skipIf(testDatabaseKind !== 'postgres')('the PostgreSQL store', () => {
  it('commits its counters asynchronously without leaving the connection so', async () => {
    const t = await createTestApp();
    // One connection: the statement after the hit runs where the hit ran.
    const pool = new pg.Pool({ connectionString: (t.config.database as { url: string }).url, max: 1 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const store = new DatabaseRateLimitStore(db, now, 'postgres');
      expect((await store.consume(`test:${randomUUID()}`, { window: 60, max: 5 })).allowed).toBe(true);
      const setting = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
      expect(setting.rows[0]?.synchronous_commit).toBe('on');
    } finally {
      await db.destroy();
      await t.close();
    }
  });
});

describe('a Redis that does not answer', () => {
  it('fails the check within seconds instead of holding the request', async () => {
    // Port 1: nothing listens there; the store keeps reconnecting in the background.
    const store = new RedisRateLimitStore({ url: 'redis://127.0.0.1:1', prefix: 'x:' });
    const started = Date.now();
    await expect(store.consume('k', { window: 60, max: 1 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    await store.close();
  });

  it('makes the app refuse (500) what it cannot count, never let it through', async () => {
    const t = await createTestApp({ RATE_LIMIT_STORE: 'redis', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const started = Date.now();
      const own = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/checkcode',
        headers: { 'x-forwarded-for': '10.99.0.1' },
        payload: { code: 'ZZZZ-ZZZZ' },
      });
      expect(own.statusCode).toBe(500);
      const identity = await t.app.inject({
        method: 'POST',
        url: '/identity/request-password-reset',
        headers: { 'x-forwarded-for': '10.99.0.1', origin: 'http://localhost:3000', host: 'localhost:3000' },
        payload: { email: 'nobody@example.org' },
      });
      expect(identity.statusCode).toBe(500);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!hasRedis)('the app on RATE_LIMIT_STORE=redis', () => {
  const prefix = `pet-test:${randomUUID()}:`;
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_STORE: 'redis', REDIS_URL, REDIS_KEY_PREFIX: prefix });
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await t.close();
  });

  it('keeps the counters of its routes in Redis', async () => {
    expect(t.app.rateLimiter.store).toBeInstanceOf(RedisRateLimitStore);
    const address = '10.77.1.2';
    const codeCheck = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/checkcode',
        headers: { 'x-forwarded-for': address },
        payload: { code: 'ZZZZ-ZZZZ' },
      });
    expect((await codeCheck()).statusCode).toBe(200);
    expect(await redis.keys(`${prefix}*`)).toContain(`${prefix}codecheck:ip:${address}`);
  });
});
