import type { PushDevice, PushMessage, PushTestResult } from '@pet/contract';
import { CARE_KEYS } from '@pet/contract';
import { badRequest, notFound, withStatus } from '../../platform/errors.ts';
import type { WebPushSender } from '../../platform/push/web-push.ts';
import { toPushDevice, type PushRepo } from './push.repo.ts';

const TEST_MESSAGE: Record<'de' | 'en', Omit<PushMessage, 'url' | 'tag'>> = {
  de: { title: 'Test-Benachrichtigung', body: 'Erinnerungen kommen auf diesem Gerät an.' },
  en: { title: 'Test notification', body: 'Reminders reach this device.' },
};

/** Bytes of a subscription's keys (RFC 8291): the browser's P-256 point and its auth secret. */
const P256DH_BYTES = 65;
const AUTH_BYTES = 16;

function base64urlBytes(value: string): number | null {
  const trimmed = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64url').length;
}

/**
 * The user's push devices (issue 36): register this browser's subscription, list, remove, send a
 * test. `sender` is null when web push is off on this server (config WEB_PUSH=false): 503.
 */
export class PushService {
  constructor(
    private readonly deps: {
      repo: PushRepo;
      sender: WebPushSender | null;
      now: () => Date;
      language: (userId: string) => Promise<'de' | 'en' | null>;
    },
  ) {}

  private requireSender(): WebPushSender {
    if (!this.deps.sender) throw withStatus(503, CARE_KEYS.pushUnavailable, 'Web push is not set up');
    return this.deps.sender;
  }

  publicKey(): { public_key: string } {
    return { public_key: this.requireSender().publicKey };
  }

  async register(
    userId: string,
    body: { endpoint: string; keys: { p256dh: string; auth: string }; label?: string | null },
  ): Promise<PushDevice> {
    this.requireSender();
    const endpoint = new URL(body.endpoint);
    if (endpoint.protocol !== 'https:') throw badRequest(CARE_KEYS.pushSubscription, 'endpoint');
    if (base64urlBytes(body.keys.p256dh) !== P256DH_BYTES || !body.keys.p256dh.startsWith('B')) {
      throw badRequest(CARE_KEYS.pushSubscription, 'keys.p256dh');
    }
    if (base64urlBytes(body.keys.auth) !== AUTH_BYTES)
      throw badRequest(CARE_KEYS.pushSubscription, 'keys.auth');
    const row = await this.deps.repo.upsert(
      userId,
      {
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh.replace(/=+$/, ''),
        auth: body.keys.auth.replace(/=+$/, ''),
        label: body.label?.trim() || null,
      },
      this.deps.now().toISOString(),
    );
    return toPushDevice(row);
  }

  async list(userId: string): Promise<PushDevice[]> {
    return (await this.deps.repo.listOf(userId)).map(toPushDevice);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repo.removeOwn(userId, id))) throw notFound('Push device not found');
  }

  async sendTest(userId: string): Promise<PushTestResult> {
    const sender = this.requireSender();
    const text = TEST_MESSAGE[(await this.deps.language(userId)) ?? 'de'];
    return sender.sendToUser(userId, { ...text, url: '/my-account/profile/settings', tag: 'push-test' });
  }
}
