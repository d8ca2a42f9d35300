import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type https from 'node:https';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { PushMessage } from '@pet/contract';
import { assertVapidKeys } from '../../config.ts';
import type { PushSender } from './push-sender.ts';

/** The server's VAPID key pair (RFC 8292), base64url: public 65 bytes (uncompressed P-256), private 32. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** One subscription as the sender needs it (modules/push/push.repo.ts stores them). */
export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Where the devices live: the sender reads them and removes the gone ones. */
export interface PushDeviceStore {
  devicesOf(userId: string): Promise<PushTarget[]>;
  remove(deviceId: string): Promise<void>;
  succeeded(deviceId: string, at: string): Promise<void>;
}

/** A reminder waits this long at the push service for an offline device (a day: then it is stale). */
export const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * The VAPID keys: from the environment when set, else generated once into `file` (DATA_DIR/vapid.json,
 * mode 0600) and read from there on every later start. The file is written aside and linked into
 * place, so two instances starting together keep the first one's keys.
 */
export async function loadOrCreateVapidKeys(options: {
  fromEnv: { publicKey: string; privateKey: string } | null;
  file: string;
  subject: string;
}): Promise<VapidKeys> {
  const { fromEnv, file, subject } = options;
  if (fromEnv) return { ...fromEnv, subject };
  const read = async () => {
    const stored = JSON.parse(await fs.readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
    assertVapidKeys(stored.publicKey, stored.privateKey);
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = webpush.generateVAPIDKeys();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const aside = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(aside, JSON.stringify(keys), { mode: 0o600 });
  try {
    await fs.link(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.rm(aside, { force: true });
  }
  return read();
}

/** A push service's topic (RFC 8030 5.4): at most 32 base64url characters, one per reminder tag. */
export function topicOf(tag: string): string {
  return createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/**
 * Web push on the `web-push` package (issue 36): each message is encrypted for each device per
 * RFC 8291 (aes128gcm), signed with the server's VAPID key (RFC 8292), with a TTL, an urgency and a
 * topic per reminder tag (a newer reminder of the same tag replaces an undelivered older one). A
 * device whose push service answers 404 or 410 is removed; any other failure is logged and counted
 * (`failures`), never thrown: a reminder job goes on with its mail.
 */
export class WebPushSender implements PushSender {
  /** Sends that failed for another reason than a gone device, since start. */
  failures = 0;

  constructor(
    private readonly deps: {
      keys: VapidKeys;
      devices: PushDeviceStore;
      log: FastifyBaseLogger;
      now: () => Date;
      /** Outside production: an agent that trusts the test push service's CA (PUSH_CA_FILE). */
      agent?: https.Agent;
      ttlSeconds?: number;
    },
  ) {}

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  async sendToUser(userId: string, message: PushMessage): Promise<{ delivered: number; removed: number }> {
    let devices: PushTarget[];
    try {
      devices = await this.deps.devices.devicesOf(userId);
    } catch (error) {
      this.failures++;
      this.deps.log.warn({ err: error, userId }, 'push: devices could not be read');
      return { delivered: 0, removed: 0 };
    }
    let delivered = 0;
    let removed = 0;
    for (const device of devices) {
      const outcome = await this.sendTo(device, message);
      if (outcome === 'delivered') delivered++;
      if (outcome === 'removed') removed++;
    }
    return { delivered, removed };
  }

  private async sendTo(
    device: PushTarget,
    message: PushMessage,
  ): Promise<'delivered' | 'removed' | 'failed'> {
    const { keys, devices, log, now, agent } = this.deps;
    try {
      await webpush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: keys,
          TTL: this.deps.ttlSeconds ?? PUSH_TTL_SECONDS,
          urgency: 'high',
          topic: topicOf(message.tag),
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          ...(agent ? { agent } : {}),
        },
      );
      await devices.succeeded(device.id, now().toISOString());
      return 'delivered';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        try {
          await devices.remove(device.id);
        } catch (removeError) {
          log.warn({ err: removeError, deviceId: device.id }, 'push: a gone device could not be removed');
        }
        log.info({ deviceId: device.id, status }, 'push: the push service says the device is gone: removed');
        return 'removed';
      }
      this.failures++;
      log.warn(
        { deviceId: device.id, status, err: error instanceof Error ? error.message : String(error) },
        'push: sending failed',
      );
      return 'failed';
    }
  }
}
