import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { PASSWORD, freshIp, signIn, uniqueEmail } from './identity-helpers.ts';
import { loadConfig } from '../src/config.ts';

async function signInAttempts(t: TestApp, n: number, ipFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++)
    statuses.push((await signIn(t.app, uniqueEmail(), PASSWORD, { ip: ipFor(i) })).statusCode);
  return statuses;
}

describe('TRUST_PROXY configuration', () => {
  it('is off by default, a hop count, or a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});

describe(`client address behind proxies (${testDatabaseKind})`, { timeout: 120_000 }, () => {
  describe('default (no trusted proxy)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '' });
    });
    afterAll(async () => t.close());

    it('a made-up X-Forwarded-For does not escape the per-IP sign-in limit', async () => {
      const statuses = await signInAttempts(t, 40, () => freshIp());
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('a made-up X-Forwarded-For does not escape the per-IP code-check limit', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/checkcode',
          headers: { host: 'localhost:3000', origin: 'http://localhost:3000', 'x-forwarded-for': freshIp() },
          payload: { code: `ABCD-EFGH-${String(i).padStart(4, '2')}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    });
  });

  describe('TRUST_PROXY set to the proxy address', () => {
    let t: TestApp;
    beforeAll(async () => {
      // app.inject connects from 127.0.0.1: the proxy.
      t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(async () => t.close());

    it('honours the forwarded client address', async () => {
      // More than the 10 per minute one address may try.
      const statuses = await signInAttempts(t, 12, () => freshIp());
      expect(statuses.every((s) => s === 401)).toBe(true);
    });
  });

  describe('TRUST_PROXY naming another proxy', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '10.9.9.9' });
    });
    afterAll(async () => t.close());

    it('ignores forwarded headers from a peer that is not the proxy', async () => {
      const statuses = await signInAttempts(t, 12, () => freshIp());
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });
  });
});
