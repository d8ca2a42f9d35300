import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { PASSWORD, call, freshIp, registeredUser, signIn, uniqueEmail, v1 } from './identity-helpers.ts';
import { RATE_LIMITS } from '../src/platform/rate-limit.ts';
import { loadConfig } from '../src/config.ts';

/**
 * A sign-in flood must not starve the server (issue 15.2): passwords are hashed on the bounded
 * password pool (platform/auth/password-pool.ts), a full pool answers 429 with Retry-After at
 * once, sign-in is limited per account before any hashing, and an unknown address costs what a
 * known one costs.
 */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe(`sign-in flood (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    // The production default: the other suites lower the cost (test/helpers.ts); these measure it.
    t = await createTestApp({ PASSWORD_HASH_COST: '17' });
  });
  afterAll(async () => t.close());

  it('hashes new passwords at OWASP strength (scrypt N=2^17, r=8, p=1) by default', async () => {
    expect(
      loadConfig({ NODE_ENV: 'production', FILE_URL_SECRET: 'x'.repeat(32) }).identity.passwordHash.cost,
    ).toBe(17);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '12' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    const user = await registeredUser(t.app);
    const account = await t.app.db
      .selectFrom('account')
      .select('password')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.password).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('the server stays responsive during 8 parallel sign-ins', async () => {
    const user = await registeredUser(t.app);
    const floodStarted = performance.now();
    const flood = Array.from({ length: 8 }, () => signIn(t.app, uniqueEmail('flood'), PASSWORD));
    // Let the flood start hashing, then a health check and a signed-in read with a session that
    // is not cached yet (its cookie signature check needs the thread pool scrypt used to fill).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const health = await timed(() => call(t.app, 'GET', '/healthz'));
    const read = await timed(() => v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie: user.cookie }));
    const answers = await Promise.all(flood);
    const floodMs = performance.now() - floodStarted;
    expect(health.value.statusCode).toBe(200);
    expect(read.value.statusCode).toBe(200);
    // Relative to the flood, so a busy machine does not decide it: on libuv's shared pool the
    // read waited for the hashes ahead of it (12 s of a 12 s flood here); now it does not.
    expect(read.ms, `read ${read.ms} ms, flood ${floodMs} ms`).toBeLessThan(floodMs / 3);
    expect(health.ms, `health ${health.ms} ms, flood ${floodMs} ms`).toBeLessThan(floodMs / 3);
    for (const answer of answers) expect([401, 429]).toContain(answer.statusCode);
  });

  it('an unknown address takes as long as a wrong password for a known one', async () => {
    const user = await registeredUser(t.app);
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const k = await timed(() => signIn(t.app, user.email, 'wrong-pass'));
      const u = await timed(() => signIn(t.app, uniqueEmail('nobody'), 'wrong-pass'));
      expect(k.value.statusCode).toBe(401);
      expect(u.value.statusCode).toBe(401);
      expect(u.value.json().code).toBe(k.value.json().code);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown)} ms / known ${median(known)} ms`).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1.6);
  });

  it('the per-account limit refuses before any hashing', async () => {
    const user = await registeredUser(t.app);
    const { passwords } = t.app.identity.deps;
    // registeredUser signed in once already.
    for (let i = 1; i < RATE_LIMITS.signInPerEmail.max; i++) {
      expect((await signIn(t.app, user.email, 'wrong-pass', { ip: freshIp() })).statusCode).toBe(401);
    }
    const verify = vi.spyOn(passwords, 'verify');
    const hash = vi.spyOn(passwords, 'hash');
    try {
      const limited = await signIn(t.app, user.email, PASSWORD, { ip: freshIp() });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);
      expect(verify).not.toHaveBeenCalled();
      expect(hash).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
      hash.mockRestore();
    }
  });
});

describe(`a full password pool (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Full-strength hashing, so that six sign-ins really queue behind one thread.
    t = await createTestApp({
      PASSWORD_HASH_WORKERS: '1',
      PASSWORD_HASH_QUEUE: '1',
      PASSWORD_HASH_COST: '17',
    });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After at once and hashes no more than it holds', async () => {
    const requests = Array.from({ length: 6 }, () =>
      timed(() => signIn(t.app, uniqueEmail('busy'), PASSWORD, { ip: freshIp() })),
    );
    const answers = await Promise.all(requests);
    const refused = answers.filter((a) => a.value.statusCode === 429);
    const hashed = answers.filter((a) => a.value.statusCode === 401);
    // One thread and one waiting place: two are hashed, the other four refused.
    expect(hashed).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const answer of refused) {
      expect(Number(answer.value.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.value.json().code).toBe('TOO_MANY_REQUESTS');
      // Refused without waiting for a hash.
      expect(answer.ms).toBeLessThan(Math.min(...hashed.map((a) => a.ms)));
    }
    // Free again afterwards.
    expect((await signIn(t.app, uniqueEmail('later'), PASSWORD, { ip: freshIp() })).statusCode).toBe(401);
  });

  it('registration refused by a full pool answers 429 with the spec key and creates nothing', async () => {
    const emails = Array.from({ length: 5 }, () => uniqueEmail('signup'));
    const answers = await Promise.all(
      emails.map((email) =>
        call(
          t.app,
          'POST',
          '/v1/auth/signup',
          {
            name: 'Erika Muster',
            email,
            password: PASSWORD,
            activation_code: null,
            tracker_ids: [],
            language: 'en',
            product_associated: 'no',
          },
          { ip: freshIp() },
        ),
      ),
    );
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.json().key).toBe('Too_Many_Requests_Text');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const refusedEmails = emails.filter((_, i) => answers[i]!.statusCode === 429);
    const rows = await t.app.db
      .selectFrom('user')
      .select('email')
      .where('email', 'in', refusedEmails)
      .execute();
    expect(rows).toHaveLength(0);
  });
});
