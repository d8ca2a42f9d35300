import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { Redis } from 'ioredis';
import { decodeDocUrl, documentSchema } from '@pet/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { RATE_LIMITS } from '../src/platform/rate-limit.ts';
import { freshPostgresDatabase } from './helpers.ts';
import { call, freshIp, registeredUser, uniqueEmail, v1 } from './identity-helpers.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan } from './support/owners.ts';

/**
 * Scale-out (issue 16): two server instances on one PostgreSQL database and one S3-compatible
 * store (s3rver) behave as one portal. Runs only on PostgreSQL (TEST_DATABASE_URL): SQLite is the
 * one-process mode. The Redis rate-limit store is checked too when a Redis answers.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUCKET = 'pet-files';

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
if (!PG_URL)
  console.warn('scale-out.test: TEST_DATABASE_URL is unset; the scale-out suite runs on PostgreSQL only');
const hasRedis = PG_URL ? await redisReachable(REDIS_URL) : false;
if (PG_URL && !hasRedis) {
  console.warn(
    `scale-out.test: no Redis answers at ${REDIS_URL}; the RATE_LIMIT_STORE=redis pair is skipped`,
  );
}

type S3rverConstructor = new (options: Record<string, unknown>) => {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
};

/** One S3-compatible store for every instance of this file. */
async function startS3(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-scaleout-s3-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const admin = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();
  return {
    env: {
      FILES_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface Pair {
  a: FastifyInstance;
  b: FastifyInstance;
  close: () => Promise<void>;
}

/**
 * Two instances as an operator runs them: one database, one bucket and the same secrets, but each
 * its own DATA_DIR (nothing shared through the disk) and its own job loop.
 */
async function startPair(
  shared: Record<string, string>,
  options: { together?: boolean } = {},
): Promise<Pair> {
  const database = await freshPostgresDatabase(PG_URL!);
  const dirs: string[] = [];
  const instance = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-scaleout-'));
    dirs.push(dataDir);
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        DATABASE_URL: database.url,
        AUTH_SECRET: 'scale-out-auth-secret-0123456789abcdef',
        CODE_SECRET: 'scale-out-code-secret-0123456789abcdef',
        FILE_URL_SECRET: 'scale-out-file-secret-0123456789abcdef',
        TRUST_PROXY: '127.0.0.1',
        JOBS_ENABLED: 'true',
        JOBS_POLL_MS: '50',
        ...shared,
      }),
    );
    await app.ready();
    return app;
  };
  // Together: both migrate an empty database at once (as an orchestrator starts them).
  const [a, b] = options.together
    ? await Promise.all([instance(), instance()])
    : [await instance(), await instance()];
  return {
    a,
    b,
    close: async () => {
      await Promise.all([a.close(), b.close()]);
      await database.drop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Requests from one client address, alternating between the instances (a load balancer's round robin). */
async function alternate(
  pair: Pair,
  n: number,
  request: (app: FastifyInstance, i: number) => Promise<{ statusCode: number }>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await request(i % 2 === 0 ? pair.a : pair.b, i)).statusCode);
  return statuses;
}

const codeCheck = (app: FastifyInstance, ip: string, i: number) =>
  // A new code each time: only the per-address limit counts (the per-code one would stop at 10).
  call(app, 'POST', '/v1/auth/checkcode', { code: `SCALE${i}OUT${randomUUID().slice(0, 4)}` }, { ip });

describe.skipIf(!PG_URL)(
  'scale-out: two instances, one PostgreSQL database, one S3 store',
  { timeout: 120_000 },
  () => {
    let s3: Awaited<ReturnType<typeof startS3>>;
    let pair: Pair;

    beforeAll(async () => {
      s3 = await startS3();
      pair = await startPair({ ...s3.env, RATE_LIMIT_STORE: 'postgres' }, { together: true });
    }, 120_000);
    afterAll(async () => {
      await pair?.close();
      await s3?.close();
    });

    it('started both at once on an empty database: one migrated, the other waited', async () => {
      // beforeAll started them together; without the startup lock one fails on a duplicate table.
      const migrations = await pair.b.db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute();
      expect(migrations.length).toBeGreaterThan(0);
      const plans = await pair.a.db.selectFrom('product').select(['partner_id', 'plan_key']).execute();
      expect(new Set(plans.map((p) => `${p.partner_id}/${p.plan_key}`)).size).toBe(plans.length);
    });

    it('signs in on A and reads on B, with the cookie and with the bearer token', async () => {
      const user = await registeredUser(pair.a);
      const byToken = await v1(pair.b, 'GET', '/v1/auth/myinfo', undefined, as(user));
      expect(byToken.statusCode, byToken.body).toBe(200);
      expect(byToken.json()).toMatchObject({ email: user.email });
      const byCookie = await v1(pair.b, 'GET', '/v1/auth/myinfo', undefined, { cookie: user.cookie });
      expect(byCookie.statusCode, byCookie.body).toBe(200);

      // Signed out on B: A no longer takes the session (it lives in the shared database).
      const out = await call(pair.b, 'POST', '/identity/sign-out', {}, { cookie: user.cookie });
      expect(out.statusCode).toBe(200);
      await expect
        .poll(
          async () =>
            (await v1(pair.a, 'GET', '/v1/auth/myinfo', undefined, { cookie: user.cookie })).statusCode,
          {
            timeout: 15_000,
            interval: 250,
          },
        )
        .toBe(401);
    });

    it('uploads a document on A and downloads it on B', async () => {
      const user = await registeredUser(pair.a);
      await setPlan(pair.a, user.id, 'premium');
      const pet = await createPet(pair.a, user);
      const uploaded = await postFiles(
        pair.a,
        `/v1/upload/document?file_for=pet&pet_id=${pet.id}`,
        [{ name: 'befund.pdf', type: 'application/pdf', data: fixtures.pdf() }],
        as(user),
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const created = await v1(
        pair.a,
        'POST',
        `/v1/document?pet_id=${pet.id}`,
        { document_type: 'Insurance', description: 'Police', doc_url: uploaded.json().doc_url },
        as(user),
      );
      expect(created.statusCode, created.body).toBe(201);

      const listed = await v1(pair.b, 'GET', `/v1/document/mydocs?pet_id=${pet.id}`, undefined, as(user));
      expect(listed.statusCode).toBe(200);
      const [document] = documentSchema.array().parse(listed.json());
      const [file] = decodeDocUrl(document!.doc_url);
      // The signed link A handed out works on B (shared FILE_URL_SECRET, shared bucket).
      const download = await call(pair.b, 'GET', file!.url, undefined, as(user));
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(fixtures.pdf())).toBe(true);
      // And B really read the bucket: no instance keeps files on its own disk.
      expect(pair.a.config.storage.kind).toBe('s3');
      expect(pair.b.config.storage.kind).toBe('s3');
    });

    it('runs each of 200 jobs exactly once across both job loops', async () => {
      const runs = new Map<number, string[]>();
      // Each loop's jobs wait until the other loop has started one too (10 s at most): otherwise
      // a loop that got the CPU first could drain all 200 before the other claimed any (seen
      // once in CI), and exactly once would be checked for one loop, not two side by side.
      const started = new Set<string>();
      let bothStarted!: () => void;
      const otherLoopStarted = new Promise<void>((resolve) => (bothStarted = resolve));
      for (const [name, app] of [
        ['A', pair.a],
        ['B', pair.b],
      ] as const) {
        app.jobs.register('scale-out-probe', async (payload) => {
          const n = (payload as { n: number }).n;
          runs.set(n, [...(runs.get(n) ?? []), name]);
          started.add(name);
          if (started.size === 2) bothStarted();
          await Promise.race([otherLoopStarted, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          // A little work, so both loops find due jobs while the other is busy.
          await new Promise((resolve) => setTimeout(resolve, 3));
        });
      }
      // Scheduled not yet due, then made due at once and both loops poked: on a busy machine one
      // loop could otherwise drain every job while the inserts trickle in (each loop claims all
      // that is due), and the check that both took part would depend on timing.
      const later = new Date(Date.now() + 3_600_000);
      for (let n = 0; n < 200; n++)
        await (n % 2 === 0 ? pair.a : pair.b).jobs.schedule('scale-out-probe', { n }, { runAt: later });
      await pair.a.db
        .updateTable('job')
        .set({ run_at: new Date(Date.now() - 1_000).toISOString() })
        .where('type', '=', 'scale-out-probe')
        .execute();
      pair.a.jobs.poke();
      pair.b.jobs.poke();

      const done = () =>
        pair.a.db
          .selectFrom('job')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('type', '=', 'scale-out-probe')
          .where('status', '=', 'done')
          .executeTakeFirstOrThrow();
      await expect
        .poll(async () => Number((await done()).count), { timeout: 60_000, interval: 100 })
        .toBe(200);

      expect(runs.size).toBe(200);
      expect([...runs.values()].filter((ranOn) => ranOn.length !== 1)).toEqual([]);
      const ranOn = [...runs.values()].flat();
      expect(ranOn.filter((name) => name === 'A').length).toBeGreaterThan(0);
      expect(ranOn.filter((name) => name === 'B').length).toBeGreaterThan(0);
      const attempts = await pair.a.db
        .selectFrom('job')
        .select('attempts')
        .where('type', '=', 'scale-out-probe')
        .execute();
      expect(attempts.every((row) => row.attempts === 1)).toBe(true);
    });

    it('holds a per-address limit of our routes across both (RATE_LIMIT_STORE=postgres)', async () => {
      const ip = freshIp();
      const max = RATE_LIMITS.codeCheckPerIp.max;
      const statuses = await alternate(pair, max, (app, i) => codeCheck(app, ip, i));
      expect(statuses.every((s) => s === 200)).toBe(true);
      for (const app of [pair.a, pair.b]) {
        const limited = await codeCheck(app, ip, max);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().key).toBe('Too_Many_Requests_Text');
      }
    });

    it("holds better-auth's own per-address limit across both (its customStorage is the same store)", async () => {
      // /identity/request-password-reset: 5 per 5 minutes per address (a window no busy machine outlasts).
      const ip = freshIp();
      const ask = (app: FastifyInstance) =>
        call(app, 'POST', '/identity/request-password-reset', { email: uniqueEmail() }, { ip });
      const statuses = await alternate(pair, 5, (app) => ask(app));
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect((await ask(pair.a)).statusCode).toBe(429);
      expect((await ask(pair.b)).statusCode).toBe(429);
    });

    describe.skipIf(!hasRedis)('with RATE_LIMIT_STORE=redis', () => {
      const prefix = `pet-test:${randomUUID()}:`;
      let redisPair: Pair;
      beforeAll(async () => {
        redisPair = await startPair({
          ...s3.env,
          RATE_LIMIT_STORE: 'redis',
          REDIS_URL,
          REDIS_KEY_PREFIX: prefix,
        });
      }, 120_000);
      afterAll(async () => {
        const redis = new Redis(REDIS_URL);
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
        await redisPair?.close();
      });

      it('holds a per-address limit across both, counted in Redis', async () => {
        const ip = freshIp();
        const max = RATE_LIMITS.codeCheckPerIp.max;
        const statuses = await alternate(redisPair, max, (app, i) => codeCheck(app, ip, i));
        expect(statuses.every((s) => s === 200)).toBe(true);
        expect((await codeCheck(redisPair.a, ip, max)).statusCode).toBe(429);
        expect((await codeCheck(redisPair.b, ip, max)).statusCode).toBe(429);
        // Nothing of it in the database: the counters are Redis's.
        const rows = await redisPair.a.db.selectFrom('rate_limit_counter').select('key').execute();
        expect(rows.filter((row) => row.key.includes(ip))).toEqual([]);
      });
    });

    describe('control: RATE_LIMIT_STORE=memory', () => {
      let memoryPair: Pair;
      beforeAll(async () => {
        memoryPair = await startPair({ ...s3.env, RATE_LIMIT_STORE: 'memory' });
      }, 120_000);
      afterAll(async () => memoryPair?.close());

      it('counts per instance, so the same client gets twice the limit (why several instances need a shared store)', async () => {
        const ip = freshIp();
        const max = RATE_LIMITS.codeCheckPerIp.max;
        const statuses = await alternate(memoryPair, 2 * max, (app, i) => codeCheck(app, ip, i));
        expect(statuses.every((s) => s === 200)).toBe(true);
        expect((await codeCheck(memoryPair.a, ip, 0)).statusCode).toBe(429);
      });
    });
  },
);
