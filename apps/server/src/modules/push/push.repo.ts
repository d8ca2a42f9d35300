import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { PushDevice } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { PushDeviceTable } from '../../db/tables/push.ts';
import type { PushDeviceStore, PushTarget } from '../../platform/push/web-push.ts';

type Db = Kysely<Database>;
export type PushDeviceRow = Selectable<PushDeviceTable>;

export function toPushDevice(row: PushDeviceRow): PushDevice {
  let service = '';
  try {
    service = new URL(row.endpoint).host;
  } catch {
    service = '';
  }
  return {
    id: row.id,
    label: row.label,
    service,
    created_at: row.created_at,
    last_success_at: row.last_success_at,
  };
}

/** The push_device rows (migration 0116); also the sender's device store. */
export class PushRepo implements PushDeviceStore {
  constructor(private readonly db: Db) {}

  async listOf(userId: string): Promise<PushDeviceRow[]> {
    return this.db
      .selectFrom('push_device')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async devicesOf(userId: string): Promise<PushTarget[]> {
    return this.db
      .selectFrom('push_device')
      .select(['id', 'endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * One row per endpoint: a known endpoint gets the new keys and label and moves to this user (the
   * browser signed in as someone else); the first registration keeps its created_at.
   */
  async upsert(
    userId: string,
    device: { endpoint: string; p256dh: string; auth: string; label: string | null },
    now: string,
  ): Promise<PushDeviceRow> {
    await this.db
      .insertInto('push_device')
      .values({ id: randomUUID(), user_id: userId, ...device, created_at: now, last_success_at: null })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: device.p256dh,
          auth: device.auth,
          label: device.label,
        }),
      )
      .execute();
    return this.db
      .selectFrom('push_device')
      .selectAll()
      .where('endpoint', '=', device.endpoint)
      .executeTakeFirstOrThrow();
  }

  /** Removes the user's device; false when there is none of that id for this user. */
  async removeOwn(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_device')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('push_device').where('id', '=', id).execute();
  }

  async succeeded(id: string, at: string): Promise<void> {
    await this.db.updateTable('push_device').set({ last_success_at: at }).where('id', '=', id).execute();
  }
}
