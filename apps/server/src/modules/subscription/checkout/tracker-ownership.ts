import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the user owns a GPS tracker (tracker brand): one registered to the account (activation
 * code with its tracker id), or one paid for with an order. The paid order records it: its
 * `tracker_cents` is the one-time price it charged, so its owner is never charged it again and
 * is no longer offered it (prices, change/request, myinfo's `tracker_owned`).
 */
export async function ownsTracker(db: Db, userId: string): Promise<boolean> {
  const registered = await db
    .selectFrom('user_tracker')
    .select('tracker_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (registered) return true;
  const bought = await db
    .selectFrom('subscription_order')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('tracker_cents', '>', 0)
    .executeTakeFirst();
  return bought !== undefined;
}
