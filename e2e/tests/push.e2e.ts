import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import enPush from '../../apps/web/src/locales/en/push.json' with { type: 'json' };
import dePush from '../../apps/web/src/locales/de/push.json' with { type: 'json' };
import enEmergency from '../../apps/web/src/locales/en/emergency.json' with { type: 'json' };
import enCare from '../../apps/web/src/locales/en/care.json' with { type: 'json' };
import deCare from '../../apps/web/src/locales/de/care.json' with { type: 'json' };
import { localDayOf } from '@pet/contract';
import deEmergency from '../../apps/web/src/locales/de/emergency.json' with { type: 'json' };
import {
  startLocalPushService,
  type BrowserSubscription,
  type LocalPushService,
  type ReceivedPush,
} from '../../apps/server/test/support/push-service.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { launchBrowser, screenshot, type ContextOptions } from '../support/browser.ts';
import { api, createUser, signedInContext, type TestUser } from '../support/session.ts';
import { generateCode } from '../support/admin.ts';

/**
 * Web push and the installable app (issue 36), in Chromium against the real server and the local
 * push service of the server tests (apps/server/test/support/push-service.ts: RFC 8030 over TLS,
 * VAPID checked, aes128gcm decrypted with the subscription's keys).
 *
 * The one stand-in: the browser vendor's push service. Chromium here cannot reach Google's (FCM),
 * so `PushManager.subscribe` is answered in the page with a subscription on the local service
 * whose keys the test made as a browser makes them. Everything after that is real: the Settings
 * screen registers it, the server encrypts and signs the test push and sends it over HTTPS, the
 * local service verifies and decrypts it and hands the payload to the page's real service worker
 * (CDP ServiceWorker.deliverPushMessage, what a push service's delivery does), which shows it.
 */

let server: RunningServer;
let browser: Browser;
let pushService: LocalPushService;
type Lang = 'en' | 'de';
const TEXTS = { en: enPush, de: dePush };
const EMERGENCY = { en: enEmergency.emergency, de: deEmergency.emergency };
const TODAY_TITLE = { en: enCare.care.today.title, de: deCare.care.today.title };
const TEST_TITLE = { en: 'Test notification', de: 'Test-Benachrichtigung' };
const ownerOf = {} as Record<Lang, TestUser>;
/** The contexts of the journeys, opened offline at the end. */
const opened = new Map<Lang, { context: BrowserContext; page: Page; suffix: string }>();

async function makeOwner(language: Lang): Promise<TestUser> {
  const owner = await createUser(server, { name: 'Paula Push', language });
  const code = await generateCode(server, { product: 'premium', type: 'single' });
  const redeemed = await api(owner, 'POST', '/v1/auth/verifycode', { code });
  if (redeemed.status !== 200) throw new Error(`verifycode failed: ${redeemed.status}`);
  const pet = await api(owner, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog', race: 'Labrador' });
  if (pet.status !== 201) throw new Error(`pet not created: ${pet.status}`);
  // A twice-daily medication, so that "Today" has doses to keep for offline.
  const petId = (pet.body as { id: string }).id;
  const medication = await api<{ id: string }>(owner, 'POST', `/v1/medical/medication?pet_id=${petId}`, {
    name: 'Apoquel',
  });
  const schedule = await api(owner, 'PUT', `/v1/care/schedule?med_id=${medication.body.id}`, {
    rule: { kind: 'daily', times: ['08:00', '20:00'] },
    dose_amount: 1,
    dose_unit: 'tablet',
    starts_on: localDayOf(Date.now(), 'Europe/Berlin'),
  });
  if (schedule.status !== 200) throw new Error(`schedule not set: ${schedule.status}`);
  return owner;
}

beforeAll(async () => {
  pushService = await startLocalPushService();
  // The sender trusts the local push service's self-signed certificate (never in production).
  [server, browser] = await Promise.all([startServer({ PUSH_CA_FILE: pushService.caFile }), launchBrowser()]);
  ownerOf.en = await makeOwner('en');
  ownerOf.de = await makeOwner('de');
});
afterAll(async () => {
  for (const { context } of opened.values()) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop().catch(() => undefined);
  await pushService?.close();
});

/** The stand-in for the vendor's push service (see above), installed before the app's scripts. */
function fakeVendorPushService(subscription: Pick<BrowserSubscription, 'endpoint' | 'keys'>): void {
  let current: PushSubscription | null = null;
  const toBase64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    (window as unknown as { __vapidKey: string }).__vapidKey =
      key instanceof ArrayBuffer || ArrayBuffer.isView(key)
        ? toBase64url(new Uint8Array(key instanceof ArrayBuffer ? key : key.buffer))
        : String(key);
    current = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    } as unknown as PushSubscription;
    return current;
  };
  PushManager.prototype.getSubscription = async function () {
    return current;
  };
}

/** The service worker registration's id as DevTools knows it (for deliverPushMessage). */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no service worker registration seen')), 20_000);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (found) {
        clearTimeout(timer);
        resolve(found.registrationId);
      }
    });
    void cdp.send('ServiceWorker.enable');
  });
}

async function poll<T>(
  read: () => Promise<T | null | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.each([
  {
    language: 'en' as const,
    options: { locale: 'en-US', viewport: 'desktop', colorScheme: 'light', serviceWorkers: 'allow' },
  },
  {
    language: 'de' as const,
    options: { locale: 'de-DE', viewport: 'phone', colorScheme: 'dark', serviceWorkers: 'allow' },
  },
] satisfies Array<{ language: Lang; options: ContextOptions }>)(
  'web push ($language, $options.viewport, $options.colorScheme)',
  ({ language, options }) => {
    const suffix = `${language}-${options.viewport}-${options.colorScheme}`;

    it('switches push on, receives the test push through the service worker and shows it', async ({
      expect,
      onTestFailed,
    }) => {
      const text = TEXTS[language].push;
      const owner = ownerOf[language];
      // A retried attempt starts from no device again.
      const left = await api<Array<{ id: string }>>(owner, 'GET', '/v1/push/devices');
      for (const device of left.body) await api(owner, 'DELETE', `/v1/push/device?id=${device.id}`);
      await opened.get(language)?.context.close();
      const subscription = pushService.subscribe();
      const context = await signedInContext(browser, owner, options);
      await context.grantPermissions(['notifications'], { origin: server.url });
      await context.addInitScript(fakeVendorPushService, {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
      const page = await context.newPage();
      opened.set(language, { context, page, suffix });
      onTestFailed(async () => {
        await screenshot(page, `push-failure-${suffix}`);
      });

      // The installable app: the brand's manifest, the service worker active on the root scope.
      await page.goto(`${server.url}/emergency-data`);
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
        return link
          ? ((await (await fetch(link.href)).json()) as { name: string; display: string; icons: unknown[] })
          : null;
      });
      expect(manifest).toMatchObject({ name: 'Prime Pet', display: 'standalone' });
      expect(manifest?.icons).toHaveLength(3);
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toBe(`${server.url}/`);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, scope);

      // Once controlled, the emergency card's answers go through the worker (kept for offline).
      await page.reload();
      await page.getByRole('button', { name: EMERGENCY[language].download }).waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await page.goto(`${server.url}/my-account/profile/settings`);
      const section = page.getByRole('region', { name: text.title });
      await section.waitFor();
      await section.getByText(text.noDevices).waitFor();
      await section.getByLabel(text.switch).click();
      await section.getByText(text.thisDevice, { exact: true }).waitFor();
      const devices = await api<Array<{ id: string; label: string; service: string }>>(
        owner,
        'GET',
        '/v1/push/devices',
      );
      expect(devices.body).toHaveLength(1);
      expect(devices.body[0]?.service).toBe(new URL(pushService.origin).host);
      // The page subscribed with the server's VAPID key.
      const key = await api<{ public_key: string }>(owner, 'GET', '/v1/push/key');
      expect(await page.evaluate(() => (window as unknown as { __vapidKey: string }).__vapidKey)).toBe(
        key.body.public_key,
      );
      await section.scrollIntoViewIfNeeded();
      await screenshot(page, `push-settings-${suffix}`);

      // The push service hands what it decrypted to the page's service worker.
      const delivered: Array<ReceivedPush> = [];
      pushService.onPush = async (push) => {
        if (push.endpoint !== subscription.endpoint) return;
        delivered.push(push);
        await cdp.send('ServiceWorker.deliverPushMessage', {
          origin: server.url,
          registrationId,
          data: push.payload,
        });
      };
      await section.getByRole('button', { name: text.sendTest }).click();
      await poll(async () => delivered.length > 0, 'the push at the local push service');
      expect(JSON.parse(delivered[0]!.payload)).toMatchObject({
        title: TEST_TITLE[language],
        tag: 'push-test',
      });
      const shown = await poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            const notifications = await registration.getNotifications();
            return notifications.length > 0
              ? notifications.map((n) => ({
                  title: n.title,
                  body: n.body,
                  tag: n.tag,
                  data: n.data as unknown,
                }))
              : null;
          }),
        'the notification',
      );
      expect(shown).toEqual([
        {
          title: TEST_TITLE[language],
          body:
            language === 'en' ? 'Reminders reach this device.' : 'Erinnerungen kommen auf diesem Gerät an.',
          tag: 'push-test',
          data: { url: '/my-account/profile/settings' },
        },
      ]);
      pushService.onPush = null;
      // Today's doses, seen once online, are kept for offline (the offline test below).
      await page.goto(`${server.url}/dashboard`);
      await page.getByRole('region', { name: TODAY_TITLE[language] }).getByText('Apoquel').first().waitFor();
      const after = await api<Array<{ last_success_at: string | null }>>(owner, 'GET', '/v1/push/devices');
      expect(after.body[0]?.last_success_at).not.toBeNull();
    }, 120_000);
  },
);

describe('the service worker', () => {
  it('is served uncached from the root, and signing out clears the kept answers', async ({ expect }) => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    const manifest = await fetch(`${server.brandUrl('hundeschutz')}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(((await manifest.json()) as { name: string }).name).toBe('Hunde-Schutz');

    const user = await makeOwner('en');
    const context = await signedInContext(browser, user, { viewport: 'desktop', serviceWorkers: 'allow' });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/emergency-data`);
      await page.evaluate(async () => navigator.serviceWorker.ready);
      await page.reload();
      await page.getByRole('button', { name: EMERGENCY.en.download }).waitFor();
      const kept = () =>
        page.evaluate(async () =>
          (await caches.has('pet-data'))
            ? (await (await caches.open('pet-data')).keys()).map((request) => new URL(request.url).pathname)
            : [],
        );
      expect(await kept()).toEqual(expect.arrayContaining(['/v1/auth/myinfo', '/__user']));
      await page.goto(`${server.url}/my-account/profile/settings`);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${server.url}/`);
      await poll(async () => (await kept()).length === 0, 'the kept answers to go');
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('offline', () => {
  it('with the server gone, the emergency card and Today still open from the service worker', async ({
    expect,
  }) => {
    expect([...opened.keys()].sort()).toEqual(['de', 'en']);
    await server.stop();
    for (const [language, { page, suffix }] of opened) {
      await page.goto(`${server.url}/emergency-data`);
      await page.getByRole('button', { name: EMERGENCY[language].download }).waitFor({ timeout: 30_000 });
      await screenshot(page, `push-offline-emergency-${suffix}`);
      await page.goto(`${server.url}/dashboard`);
      const today = page.getByRole('region', { name: TODAY_TITLE[language] });
      await today.getByText('Apoquel').first().waitFor({ timeout: 30_000 });
      await screenshot(page, `push-offline-today-${suffix}`);
    }
  }, 120_000);
});
