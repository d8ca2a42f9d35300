import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeApi, json, renderApp, type RecordedCall } from './helpers';

const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example.net/push/abc';
const SUBSCRIPTION_KEYS = { p256dh: `B${'q'.repeat(86)}`, auth: 'c2VjcmV0LWF1dGgtMTY' };

interface Device {
  id: string;
  label: string | null;
  service: string;
  created_at: string;
  last_success_at: string | null;
}

/** A browser with push: a service worker registration whose push manager subscribes. */
function browserWithPush(permission: NotificationPermission = 'default') {
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null =
    null;
  const subscribe = vi.fn(async () => {
    subscription = {
      endpoint: ENDPOINT,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: SUBSCRIPTION_KEYS }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: async () => subscription } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal('PushManager', class {});
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  return { subscribe, requestPermission, subscribed: () => subscription !== null };
}

function devicesApi(initial: Device[] = []) {
  let devices = [...initial];
  return {
    list: () => devices,
    routes: {
      'GET /v1/push/key': () => json({ public_key: KEY }),
      'GET /v1/push/devices': () => json(devices),
      'POST /v1/push/device': () => {
        const device: Device = {
          id: 'dev-new',
          label: 'Chrome · Linux',
          service: 'push.example.net',
          created_at: '2026-11-29T10:00:00.000Z',
          last_success_at: null,
        };
        devices = [device, ...devices];
        return json(device);
      },
      'DELETE /v1/push/device': (call: RecordedCall) => {
        const id = new URL(call.url, 'http://localhost').searchParams.get('id');
        devices = devices.filter((d) => d.id !== id);
        return json({ message: 'ok' });
      },
      'POST /v1/push/test': () => json({ delivered: devices.length, removed: 0 }),
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('Reminders on this device (Settings)', () => {
  it('switches push on: asks permission, subscribes with the VAPID key, registers; then sends a test', async () => {
    const browser = browserWithPush();
    const server = devicesApi();
    const api = installFakeApi({ routes: server.routes });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Reminders on this device' });
    expect(await within(section).findByText('No device gets notifications yet.')).toBeInTheDocument();

    await user.click(await within(section).findByRole('switch', { name: 'Notifications on this device' }));
    await waitFor(() => expect(api.callsTo('POST', '/v1/push/device')).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect((options[0].applicationServerKey as Uint8Array).length).toBe(65);
    const body = JSON.parse(api.callsTo('POST', '/v1/push/device')[0]!.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ endpoint: ENDPOINT, keys: SUBSCRIPTION_KEYS });
    expect(await within(section).findByText('This device')).toBeInTheDocument();
    expect(within(section).getByRole('switch', { name: 'Notifications on this device' })).toBeChecked();

    await user.click(within(section).getByRole('button', { name: 'Send a test notification' }));
    expect(await screen.findByText('Test notification sent to 1 device')).toBeInTheDocument();

    // Off: unsubscribed here and removed at the server.
    await user.click(within(section).getByRole('switch', { name: 'Notifications on this device' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/push/device')).toHaveLength(1));
    expect(browser.subscribed()).toBe(false);
    expect(await within(section).findByText('No device gets notifications yet.')).toBeInTheDocument();
  });

  it('removes a device only after asking; says when the browser cannot receive notifications', async () => {
    const server = devicesApi([
      {
        id: 'dev-1',
        label: 'Firefox · Android',
        service: 'updates.push.services.mozilla.com',
        created_at: '2026-11-20T10:00:00.000Z',
        last_success_at: '2026-11-28T10:00:00.000Z',
      },
    ]);
    const api = installFakeApi({ routes: server.routes });
    const { user } = renderApp('/my-account/profile/settings');
    const section = await screen.findByRole('region', { name: 'Reminders on this device' });
    expect(await within(section).findByText(/cannot receive notifications/)).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(await within(section).findByText('Firefox · Android')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Remove Firefox · Android' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('DELETE', '/v1/push/device')).toHaveLength(0);

    await user.click(await within(section).findByRole('button', { name: 'Remove Firefox · Android' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove this device?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/v1/push/device')).toHaveLength(1));
    expect(
      new URL(api.callsTo('DELETE', '/v1/push/device')[0]!.url, 'http://localhost').searchParams.get('id'),
    ).toBe('dev-1');
    expect(await within(section).findByText('No device gets notifications yet.')).toBeInTheDocument();
  });

  it('says when notifications are blocked (German) and when the server has no push', async () => {
    browserWithPush('denied');
    installFakeApi({ routes: devicesApi().routes });
    const first = renderApp('/my-account/profile/settings', { language: 'de' });
    const section = await screen.findByRole('region', { name: 'Erinnerungen auf diesem Gerät' });
    expect(
      await within(section).findByText(/Benachrichtigungen sind für diese Seite blockiert/),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('switch')).toBeNull();
    first.unmount();

    browserWithPush('default');
    installFakeApi({
      routes: {
        ...devicesApi().routes,
        'GET /v1/push/key': () => apiError(503, 'Care_Push_Unavailable_Text'),
      },
    });
    renderApp('/my-account/profile/settings');
    const again = await screen.findByRole('region', { name: 'Reminders on this device' });
    expect(await within(again).findByText(/not set up on this server/)).toBeInTheDocument();
    expect(within(again).queryByRole('switch')).toBeNull();
  });
});
