import { expressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether the user owns a GPS tracker (tracker brand): one registered to the account (activation
 * code with its tracker id), or one paid for with an order. The paid order records it: its
 * `tracker_cents` is the one-time price it charged, so its owner is never charged it again and
 * is no longer offered it (prices, change/request, myinfo's `tracker_owned`).
 */
export async function ownsTracker(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectNoFrom(trackerOwned(userId).as('owned')).executeTakeFirstOrThrow();
  return Boolean(row.owned);
}

/**
 * The rule as one SQL expression, for a query that reads it with other facts of the user
 * (checkout/price-catalogue.ts): a tracker registered to the account or a paid order with one.
 */
export function trackerOwned(userId: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.or([
    eb.exists(eb.selectFrom('user_tracker').select('tracker_id').where('user_id', '=', userId)),
    eb.exists(
      eb
        .selectFrom('subscription_order')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('tracker_cents', '>', 0),
    ),
  ]);
}
