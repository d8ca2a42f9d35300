import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { JobQueue, retryDelayMs } from '../src/platform/jobs/jobs.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

let t: TestApp;
let second: DatabaseHandle;
let now: Date;
const clock = () => now;

beforeAll(async () => {
  t = await createTestApp();
  // A second connection to the same database stands for a second server instance.
  second = openDatabase(t.config);
});
afterAll(async () => {
  await second.close();
  await t.close();
});
beforeEach(async () => {
  now = new Date('2026-03-01T10:00:00.000Z');
  await t.app.db.deleteFrom('job').execute();
});

function queue(
  handle: DatabaseHandle = t.app.database,
  options: { leaseMs?: number; batchSize?: number } = {},
) {
  return new JobQueue({ db: handle.db, kind: handle.kind, log: t.app.log, now: clock, ...options });
}

describe(`durable jobs (${testDatabaseKind})`, () => {
  it('runs a due job once and not before its time', async () => {
    const q = queue();
    const seen: unknown[] = [];
    q.register('greet', async (payload) => void seen.push(payload));
    await q.schedule('greet', { to: 'later' }, { runAt: new Date(now.getTime() + 60_000) });
    await q.schedule('greet', { to: 'now' });
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual([{ to: 'now' }]);
    now = new Date(now.getTime() + 61_000);
    expect(await q.runDue()).toBe(1);
    expect(await q.runDue()).toBe(0);
    expect(seen).toEqual([{ to: 'now' }, { to: 'later' }]);
    const rows = await t.app.db.selectFrom('job').select('status').execute();
    expect(rows.map((r) => r.status)).toEqual(['done', 'done']);
  });

  it("runs a job scheduled with a delay that long after the queue's own (business) now", async () => {
    // Business time far ahead of the system clock (the dev clock moved it).
    now = new Date(Date.now() + 400 * 24 * 3600_000);
    const q = queue();
    const seen: unknown[] = [];
    q.register('later', async (payload) => void seen.push(payload));
    await q.schedule('later', 'a day on', { delayMs: 24 * 3600_000 });
    expect(await q.runDue()).toBe(0);
    now = new Date(now.getTime() + 24 * 3600_000 + 1_000);
    expect(await q.runDue()).toBe(1);
    expect(seen).toEqual(['a day on']);
  });

  it('keeps one job per dedupe key and can cancel it before it runs', async () => {
    const q = queue();
    const first = await q.schedule('purge', { user: 'a' }, { dedupeKey: 'purge:a' });
    const again = await q.schedule('purge', { user: 'a' }, { dedupeKey: 'purge:a' });
    expect(again).toBe(first);
    expect(await t.app.db.selectFrom('job').select('id').execute()).toHaveLength(1);
    expect(await q.cancel('purge:a')).toBe(true);
    expect(await t.app.db.selectFrom('job').select('id').execute()).toHaveLength(0);
  });

  it('retries a failing job with backoff and gives up after max attempts', async () => {
    const q = queue();
    let calls = 0;
    q.register('flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    q.register('broken', async () => {
      throw new Error('always');
    });
    await q.schedule('flaky', null);
    await q.schedule('broken', null, { maxAttempts: 2 });
    expect(await q.runDue()).toBe(2);
    const afterFirst = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('type', '=', 'flaky')
      .executeTakeFirstOrThrow();
    expect(afterFirst.status).toBe('pending');
    expect(afterFirst.attempts).toBe(1);
    expect(afterFirst.last_error).toBe('boom 1');
    expect(new Date(afterFirst.run_at).getTime()).toBeGreaterThan(now.getTime());
    // Not retried before its backoff has passed.
    expect(await q.runDue()).toBe(0);
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 3_600_000 * 2);
      await q.runDue();
    }
    const flaky = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('type', '=', 'flaky')
      .executeTakeFirstOrThrow();
    const broken = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('type', '=', 'broken')
      .executeTakeFirstOrThrow();
    expect(flaky.status).toBe('done');
    expect(flaky.attempts).toBe(3);
    expect(broken.status).toBe('failed');
    expect(broken.attempts).toBe(2);
    expect(broken.last_error).toBe('always');
  });

  it('backs off exponentially up to an hour', () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, mid)).toBe(30_000);
    expect(retryDelayMs(2, mid)).toBe(60_000);
    expect(retryDelayMs(3, mid)).toBe(120_000);
    expect(retryDelayMs(20, mid)).toBe(3_600_000);
  });

  it('never runs a job twice when two runners claim at the same time', async () => {
    const a = queue(t.app.database, { batchSize: 5 });
    const b = queue(second, { batchSize: 5 });
    const runs: string[] = [];
    const handler = async (payload: unknown) => {
      runs.push(String((payload as { n: number }).n));
      await new Promise((r) => setTimeout(r, 2));
    };
    a.register('work', handler);
    b.register('work', handler);
    for (let n = 0; n < 40; n++) await a.schedule('work', { n });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(40);
    expect(runs).toHaveLength(40);
    expect(new Set(runs).size).toBe(40);
    const pending = await t.app.db.selectFrom('job').select('id').where('status', '!=', 'done').execute();
    expect(pending).toHaveLength(0);
  });

  it('runs a job again when its runner died mid-job (restart), but only after the lease', async () => {
    const crashed = queue(t.app.database, { leaseMs: 60_000 });
    await crashed.schedule('purge', { user: 'x' });
    const claimed = await crashed.claim();
    expect(claimed).toHaveLength(1);
    // The process dies here: the job stays 'running' with a lease.

    const restarted = queue(second, { leaseMs: 60_000 });
    const seen: unknown[] = [];
    restarted.register('purge', async (payload) => void seen.push(payload));
    expect(await restarted.runDue()).toBe(0);
    now = new Date(now.getTime() + 61_000);
    expect(await restarted.runDue()).toBe(1);
    expect(seen).toEqual([{ user: 'x' }]);
    const row = await t.app.db.selectFrom('job').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(2);
  });

  it('runs jobs in the background loop of a started queue', async () => {
    const q = new JobQueue({ db: t.app.db, kind: t.app.database.kind, log: t.app.log, pollMs: 20 });
    const done = new Promise<unknown>((resolve) => q.register('tick', async (payload) => resolve(payload)));
    await q.schedule('tick', 'ok');
    q.start();
    await expect(done).resolves.toBe('ok');
    await q.stop();
  });

  it('runs a job scheduled while the loop waits at once when poked, not after the poll interval', async () => {
    const q = new JobQueue({ db: t.app.db, kind: t.app.database.kind, log: t.app.log, pollMs: 60_000 });
    q.start();
    // Let the first (empty) round finish: the loop now waits a minute.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const done = new Promise<unknown>((resolve) => q.register('thumb', async (payload) => resolve(payload)));
    await q.schedule('thumb', 'now');
    const started = Date.now();
    q.poke();
    await expect(done).resolves.toBe('now');
    expect(Date.now() - started).toBeLessThan(5_000);
    await q.stop();
  });
});
