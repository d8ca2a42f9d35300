import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARE_KEYS,
  CARE_PATHS,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  pushMessageSchema,
} from '@pet/contract';
import { loadConfig } from '../src/config.ts';
import { topicOf } from '../src/platform/push/web-push.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { as, type User } from './support/owners.ts';
import { startLocalPushService, type LocalPushService } from './support/push-service.ts';

describe('web push: devices, the real protocol against a local push service', { timeout: 120_000 }, () => {
  let t: TestApp;
  let pushService: LocalPushService;
  let owner: User;
  let stranger: User;

  beforeAll(async () => {
    pushService = await startLocalPushService();
    t = await createTestApp({ PUSH_CA_FILE: pushService.caFile, VAPID_SUBJECT: 'mailto:ops@example.org' });
    owner = await registeredUser(t.app, { name: 'Olga Owner', language: 'en' });
    stranger = await registeredUser(t.app, { name: 'Sam Stranger' });
  });
  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  const register = (user: User, body: unknown) => v1(t.app, 'POST', CARE_PATHS.pushDevice, body, as(user));
  const devicesOf = async (user: User) => {
    const res = await v1(t.app, 'GET', CARE_PATHS.pushDevices, undefined, as(user));
    expect(res.statusCode, res.body).toBe(200);
    return pushDeviceListSchema.parse(res.json());
  };

  it('needs a sign-in and answers the VAPID key', async () => {
    expect((await v1(t.app, 'GET', CARE_PATHS.pushKey)).statusCode).toBe(401);
    expect((await v1(t.app, 'GET', CARE_PATHS.pushDevices)).statusCode).toBe(401);
    const res = await v1(t.app, 'GET', CARE_PATHS.pushKey, undefined, as(owner));
    expect(res.statusCode).toBe(200);
    const key = Buffer.from(pushKeySchema.parse(res.json()).public_key, 'base64url');
    expect(key.length).toBe(65);
    expect(key[0]).toBe(4);
  });

  it('registers, upserts by endpoint, lists and validates devices', async () => {
    const sub = pushService.subscribe();
    const first = await register(owner, { endpoint: sub.endpoint, keys: sub.keys, label: 'Phone' });
    expect(first.statusCode, first.body).toBe(200);
    const device = pushDeviceSchema.parse(first.json());
    expect(device).toMatchObject({
      label: 'Phone',
      service: new URL(pushService.origin).host,
      last_success_at: null,
    });
    // The same endpoint again: one row, the new label.
    const again = await register(owner, { endpoint: sub.endpoint, keys: sub.keys, label: 'My phone' });
    expect(pushDeviceSchema.parse(again.json()).id).toBe(device.id);
    const list = await devicesOf(owner);
    expect(list.map((d) => [d.id, d.label])).toEqual([[device.id, 'My phone']]);
    expect(JSON.stringify(list)).not.toContain(sub.endpoint);

    const bad = [
      { endpoint: 'not a url', keys: sub.keys },
      { endpoint: 'http://127.0.0.1/push/x', keys: sub.keys },
      { endpoint: `${pushService.origin}/push/y`, keys: { p256dh: sub.keys.p256dh, auth: 'c2hvcnQ' } },
      { endpoint: `${pushService.origin}/push/y`, keys: { p256dh: 'AAAA', auth: sub.keys.auth } },
      { endpoint: `${pushService.origin}/push/y`, keys: { p256dh: '', auth: sub.keys.auth } },
      { endpoint: `${pushService.origin}/push/y` },
    ];
    for (const body of bad) {
      const res = await register(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().key, JSON.stringify(body)).toBe(CARE_KEYS.pushSubscription);
    }
    expect(await devicesOf(owner)).toHaveLength(1);
    expect(
      (await v1(t.app, 'DELETE', `${CARE_PATHS.pushDevice}?id=${device.id}`, undefined, as(owner)))
        .statusCode,
    ).toBe(200);
    expect(await devicesOf(owner)).toEqual([]);
  });

  it('a test push arrives encrypted, signed and decryptable with the subscription’s keys', async () => {
    const sub = pushService.subscribe();
    const device = pushDeviceSchema.parse(
      (await register(owner, { endpoint: sub.endpoint, keys: sub.keys })).json(),
    );
    const before = pushService.received.length;
    const res = await v1(t.app, 'POST', CARE_PATHS.pushTest, undefined, as(owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ delivered: 1, removed: 0 });
    expect(pushService.refused).toEqual([]);
    const arrived = pushService.received.slice(before);
    expect(arrived).toHaveLength(1);
    const push = arrived[0]!;
    expect(push.endpoint).toBe(sub.endpoint);
    const message = pushMessageSchema.parse(JSON.parse(push.payload));
    expect(message).toEqual({
      title: 'Test notification',
      body: 'Reminders reach this device.',
      url: '/my-account/profile/settings',
      tag: 'push-test',
    });
    expect(push.topic).toBe(topicOf('push-test'));
    expect(push.ttl).toBeGreaterThan(0);
    expect(push.urgency).toBe('high');
    expect(push.subject).toBe('mailto:ops@example.org');
    const key = pushKeySchema.parse(
      (await v1(t.app, 'GET', CARE_PATHS.pushKey, undefined, as(owner))).json(),
    );
    expect(push.vapidKey).toBe(key.public_key);
    const [listed] = await devicesOf(owner);
    expect(listed?.id).toBe(device.id);
    expect(listed?.last_success_at).not.toBeNull();
    await v1(t.app, 'DELETE', `${CARE_PATHS.pushDevice}?id=${device.id}`, undefined, as(owner));
  });

  it('a device the push service says is gone (410) is removed; the others still get it', async () => {
    const user = await registeredUser(t.app, { language: 'de' });
    const kept = pushService.subscribe();
    const lost = pushService.subscribe();
    await register(user, { endpoint: kept.endpoint, keys: kept.keys, label: 'kept' });
    await register(user, { endpoint: lost.endpoint, keys: lost.keys, label: 'lost' });
    pushService.gone(lost.endpoint);
    const before = pushService.received.length;
    const res = await v1(t.app, 'POST', CARE_PATHS.pushTest, undefined, as(user));
    expect(res.json()).toEqual({ delivered: 1, removed: 1 });
    expect((await devicesOf(user)).map((d) => d.label)).toEqual(['kept']);
    const rows = await t.app.db
      .selectFrom('push_device')
      .select('endpoint')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    const [arrived] = pushService.received.slice(before);
    expect(JSON.parse(arrived!.payload).title).toBe('Test-Benachrichtigung');
  });

  it('a stranger cannot see or delete another’s device (404), the owner can', async () => {
    const sub = pushService.subscribe();
    const device = pushDeviceSchema.parse(
      (await register(owner, { endpoint: sub.endpoint, keys: sub.keys })).json(),
    );
    const byStranger = await v1(
      t.app,
      'DELETE',
      `${CARE_PATHS.pushDevice}?id=${device.id}`,
      undefined,
      as(stranger),
    );
    expect(byStranger.statusCode).toBe(404);
    expect(await devicesOf(stranger)).toEqual([]);
    expect((await devicesOf(owner)).map((d) => d.id)).toContain(device.id);
    // A stranger's test push reaches none of the owner's devices.
    expect((await v1(t.app, 'POST', CARE_PATHS.pushTest, undefined, as(stranger))).json()).toEqual({
      delivered: 0,
      removed: 0,
    });
    const byOwner = await v1(
      t.app,
      'DELETE',
      `${CARE_PATHS.pushDevice}?id=${device.id}`,
      undefined,
      as(owner),
    );
    expect(byOwner.statusCode).toBe(200);
    expect((await devicesOf(owner)).map((d) => d.id)).not.toContain(device.id);
    const twice = await v1(t.app, 'DELETE', `${CARE_PATHS.pushDevice}?id=${device.id}`, undefined, as(owner));
    expect(twice.statusCode).toBe(404);
  });

  it('a push service failure other than gone is counted, not thrown, and keeps the device', async () => {
    const user = await registeredUser(t.app);
    const sub = pushService.subscribe();
    // A subscription whose auth secret the push service does not know: it cannot decrypt (400).
    const wrongAuth = Buffer.alloc(16, 7).toString('base64url');
    await register(user, { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: wrongAuth } });
    const res = await v1(t.app, 'POST', CARE_PATHS.pushTest, undefined, as(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ delivered: 0, removed: 0 });
    expect(pushService.refused.at(-1)?.reason).toMatch(/decryption failed/);
    expect(await devicesOf(user)).toHaveLength(1);
  });
});

describe('web push: VAPID keys', { timeout: 60_000 }, () => {
  it('are generated once into DATA_DIR (mode 0600) and kept across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-vapid-'));
    const keyOf = async (t: TestApp) => {
      const user = await registeredUser(t.app);
      return pushKeySchema.parse((await v1(t.app, 'GET', CARE_PATHS.pushKey, undefined, as(user))).json())
        .public_key;
    };
    // The same DATA_DIR (and, on PostgreSQL, a database of its own each time: the keys live in the folder).
    const first = await createTestApp({ DATA_DIR: dataDir });
    const key = await keyOf(first);
    // (close() removes the helper's own folder and database, not this DATA_DIR.)
    await first.close();
    const file = path.join(dataDir, 'vapid.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = await createTestApp({ DATA_DIR: dataDir });
    try {
      expect(await keyOf(second)).toBe(key);
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('from the environment are validated, and WEB_PUSH=false answers 503', async () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/both VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' })).toThrow(/P-256/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUSH_CA_FILE: '/tmp/ca.pem', AUTH_SECRET: 'x'.repeat(32) }),
    ).toThrow(/PUSH_CA_FILE/);
    const t = await createTestApp({ WEB_PUSH: 'false' });
    try {
      const user = await registeredUser(t.app);
      const res = await v1(t.app, 'GET', CARE_PATHS.pushKey, undefined, as(user));
      expect(res.statusCode).toBe(503);
      expect(res.json().key).toBe(CARE_KEYS.pushUnavailable);
    } finally {
      await t.close();
    }
  });
});
