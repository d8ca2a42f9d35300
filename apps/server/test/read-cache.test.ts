import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { READ_CACHE_TTL_MS, loadConfig } from '../src/config.ts';
import { ReadCache } from '../src/http/read-cache.ts';
import { testDatabaseKind } from './helpers.ts';
import { call, v1 } from './identity-helpers.ts';
import { as, setUpOwnerAndStranger } from './support/owners.ts';

describe('ReadCache', () => {
  it('answers a stored body only for the same data version and within its time', () => {
    let now = 0;
    const cache = new ReadCache(() => now, 5_000);
    cache.set('k', 'v1', '{"a":1}');
    expect(cache.get('k', 'v1')).toBe('{"a":1}');
    expect(cache.get('k', 'v2')).toBeUndefined();
    // A version mismatch drops the entry: the old version never answers again.
    expect(cache.get('k', 'v1')).toBeUndefined();
    cache.set('k', 'v1', '{"a":1}');
    now = 5_000;
    expect(cache.get('k', 'v1')).toBeUndefined();
    expect(cache.hits).toBe(1);
    expect(cache.misses).toBe(3);
  });

  it('keeps at most its byte budget, dropping the least recently used first', () => {
    const cache = new ReadCache(() => 0, 5_000, 16 * 100);
    cache.set('a', 'v', 'x'.repeat(100));
    cache.set('b', 'v', 'x'.repeat(100));
    expect(cache.get('a', 'v')).toBeDefined();
    // 17 answers do not fit: the least recently used one (b, since a was read) goes.
    for (let i = 0; i < 15; i++) cache.set(`fill${i}`, 'v', 'x'.repeat(100));
    expect(cache.size).toBe(16);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBeDefined();
    // An answer larger than a sixteenth of the budget is never kept.
    cache.set('big', 'v', 'x'.repeat(101));
    expect(cache.get('big', 'v')).toBeUndefined();
  });

  it('spares a read answer once: passed over by an eviction, it goes in its turn unless read again', () => {
    const cache = new ReadCache(() => 0, 5_000, 16 * 100);
    const body = 'x'.repeat(100);
    for (let i = 0; i < 16; i++) cache.set(`old${i}`, 'v', body);
    expect(cache.get('old0', 'v')).toBeDefined();
    cache.set('new0', 'v', body);
    // old0 was read: old1 went instead, and old0 now counts as stored just after new0.
    expect(cache.size).toBe(16);
    expect(cache.get('old1', 'v')).toBeUndefined();
    for (let i = 1; i <= 16; i++) cache.set(`new${i}`, 'v', body);
    // old2..old15 went, then new0, then old0: not read since it was passed over.
    expect(cache.get('old15', 'v')).toBeUndefined();
    expect(cache.get('new0', 'v')).toBeUndefined();
    expect(cache.get('old0', 'v')).toBeUndefined();
    expect(cache.get('new1', 'v')).toBeDefined();
    expect(cache.size).toBe(16);
  });

  it('keeps nothing with a TTL of 0', () => {
    const cache = new ReadCache(() => 0, 0);
    cache.set('k', 'v', '{}');
    expect(cache.get('k', 'v')).toBeUndefined();
  });

  it('takes its TTL from READ_CACHE_TTL_MS (0 turns it off), 5 s by default', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/unused' };
    expect(loadConfig(base).http.readCacheTtlMs).toBe(READ_CACHE_TTL_MS);
    expect(loadConfig({ ...base, READ_CACHE_TTL_MS: '0' }).http.readCacheTtlMs).toBe(0);
    expect(() => loadConfig({ ...base, READ_CACHE_TTL_MS: '-1' })).toThrow();
  });
});

describe('read cache on signed-in reads', () => {
  const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });
  const docsUrl = () => `/v1/medical/mypetmedicals?pet_id=${t.pet.id}`;
  const read = (user = t.owner, url = docsUrl()) => v1(t.app, 'GET', url, undefined, as(user));
  // On PostgreSQL the data version is the cluster's WAL position, which the other suites' databases
  // move all the time: there the answers must be right, but a hit cannot be counted on.
  const countsHits = testDatabaseKind === 'sqlite';

  it('answers a repeated read from the cache, byte for byte', async () => {
    const first = await read();
    expect(first.statusCode).toBe(200);
    const hitsBefore = t.app.readCache.hits;
    const second = await read();
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('private, no-store');
    if (countsHits) expect(t.app.readCache.hits).toBe(hitsBefore + 1);
  });

  it('is never stale after a write through the API', async () => {
    await read();
    const created = await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${t.pet.id}`,
      {
        medical_type: 'allergy',
        name: 'Pollen',
        known_since: '01.04.2021',
        still_acute: 'Yes',
        date: '02.04.2021',
      },
      as(t.owner),
    );
    expect(created.statusCode, created.body).toBe(201);
    const after = await read();
    expect(after.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ medical_name: 'Pollen' })]),
    );
  });

  it('is never stale after a write that did not come through a request (a job, a webhook)', async () => {
    await read(t.owner, '/v1/auth/myinfo');
    await read(t.owner, '/v1/auth/myinfo');
    await t.app.db.updateTable('user').set({ name: 'Renamed By Job' }).where('id', '=', t.owner.id).execute();
    const after = await read(t.owner, '/v1/auth/myinfo');
    expect(after.json()).toMatchObject({ name: 'Renamed By Job' });
  });

  it('is never stale after a write on another connection to the database', async () => {
    // SQLite: another connection's commit is seen within OTHER_CONNECTIONS_CHECK_MS; PostgreSQL: at once.
    await read(t.owner, '/v1/auth/myinfo');
    if (testDatabaseKind === 'sqlite') {
      const { openDatabase } = await import('../src/db/database.ts');
      const other = openDatabase(t.app.config);
      await other.db
        .updateTable('user')
        .set({ name: 'Renamed Elsewhere' })
        .where('id', '=', t.owner.id)
        .execute();
      await other.close();
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    } else {
      await sql`update "user" set name = 'Renamed Elsewhere' where id = ${t.owner.id}`.execute(t.app.db);
    }
    expect((await read(t.owner, '/v1/auth/myinfo')).json()).toMatchObject({ name: 'Renamed Elsewhere' });
  });

  it("never answers one owner's cached read to another", async () => {
    expect((await read()).statusCode).toBe(200);
    const stranger = await read(t.stranger);
    expect(stranger.statusCode).toBe(404);
    const strangerInfo = await read(t.stranger, '/v1/auth/myinfo');
    expect(strangerInfo.json()).toMatchObject({ id: t.stranger.id });
  });

  it('answers 401 once the session is signed out, though the read was cached', async () => {
    const { registeredUser } = await import('./identity-helpers.ts');
    const user = await registeredUser(t.app);
    const url = '/v1/auth/myinfo';
    expect((await read(user, url)).statusCode).toBe(200);
    expect((await read(user, url)).statusCode).toBe(200);
    const out = await call(t.app, 'POST', '/identity/sign-out', {}, { bearer: user.token });
    expect(out.statusCode).toBe(200);
    expect((await read(user, url)).statusCode).toBe(401);
  });

  it('answers what business time says once the dev clock moved', async () => {
    await read();
    const hitsBefore = t.app.readCache.hits;
    // As a local client: app.inject without the test's forwarded address.
    const advanced = await t.app.inject({
      method: 'POST',
      url: '/dev/clock/advance',
      payload: { seconds: 6 },
    });
    expect(advanced.statusCode, advanced.body).toBe(200);
    await read();
    expect(t.app.readCache.hits).toBe(hitsBefore);
  });

  it('caches only the routes that opted in, and only GET answers of 200', async () => {
    const hitsBefore = t.app.readCache.hits;
    await read(t.owner, '/v1/order/myorders');
    await read(t.owner, '/v1/order/myorders');
    await read(t.owner, '/v1/medical/mypetmedicals?pet_id=00000000-0000-4000-8000-000000000000');
    await read(t.owner, '/v1/medical/mypetmedicals?pet_id=00000000-0000-4000-8000-000000000000');
    expect(t.app.readCache.hits).toBe(hitsBefore);
  });
});
