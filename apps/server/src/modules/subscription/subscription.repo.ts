import {
  sql,
  type Insertable,
  type Kysely,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { UserSubscriptionTable } from '../../db/tables/identity.ts';
import type { CouponTable, SubscriptionOrderTable } from '../../db/tables/subscription.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type OrderRow = Selectable<SubscriptionOrderTable>;
export type NewOrder = Insertable<SubscriptionOrderTable>;
export type OrderPatch = Updateable<SubscriptionOrderTable>;
export type CouponRow = Selectable<CouponTable>;
export type SubscriptionRow = Selectable<UserSubscriptionTable>;
export type SubscriptionPatch = Updateable<UserSubscriptionTable>;

export const OPEN_ORDER_STATUSES = ['placed', 'processing'] as const;

// --- The user's subscription row (the current plan) ----------------------------------------------

export async function findSubscription(db: Db, userId: string): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('user_subscription').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Locks the row for the rest of the transaction (PostgreSQL; SQLite has one writer anyway). */
export async function lockSubscription(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<SubscriptionRow | undefined> {
  let query = trx.selectFrom('user_subscription').selectAll().where('user_id', '=', userId);
  if (kind === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateSubscription(db: Db, userId: string, patch: SubscriptionPatch): Promise<void> {
  await db.updateTable('user_subscription').set(patch).where('user_id', '=', userId).execute();
}

// --- Orders ----------------------------------------------------------------------------------------

export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db.insertInto('subscription_order').values(order).execute();
}

/** Inserts an order unless one with its id exists (a renewal attempt's id is derived, so a rerun finds it). */
export async function insertOrderOnce(db: Db, order: NewOrder): Promise<void> {
  await db
    .insertInto('subscription_order')
    .values(order)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('subscription_order').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The newest failed renewal attempt of the period starting at `periodStart`. */
export async function findFailedRenewal(
  db: Db,
  userId: string,
  periodStart: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'renewal')
    .where('status', '=', 'failed')
    .where('period_start', '=', periodStart)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
}

/** The paid purchase whose period ends at `periodEnd` (not a renewal). */
export async function findPaidPurchaseEndingAt(
  db: Db,
  userId: string,
  periodEnd: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('kind', '=', 'purchase')
    .where('period_end', '=', periodEnd)
    .executeTakeFirst();
}

/** The user's open purchase (renewals are not the user's orders to wait for). */
export async function findOpenOrder(db: Db, userId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .executeTakeFirst();
}

/** The caller's own order, or undefined (another user's order is simply not found). */
export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findOrderByPaymentIntent(
  db: Db,
  paymentIntentId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('payment_intent_id', '=', paymentIntentId)
    .executeTakeFirst();
}

export async function lockOrder(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  orderId: string,
): Promise<OrderRow | undefined> {
  let query = trx.selectFrom('subscription_order').selectAll().where('id', '=', orderId);
  if (kind === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateOrder(db: Db, orderId: string, patch: OrderPatch): Promise<void> {
  await db.updateTable('subscription_order').set(patch).where('id', '=', orderId).execute();
}

/** A placed order's debit is under way; an order already further on is left as it is. */
export async function markOrderProcessing(db: Db, orderId: string, patch: OrderPatch): Promise<void> {
  await db
    .updateTable('subscription_order')
    .set({ status: 'processing', ...patch })
    .where('id', '=', orderId)
    .where('status', '=', 'placed')
    .execute();
}

/** Deletes an unpaid order of the user; answers whether one was deleted. */
export async function deleteUnpaidOrder(db: Db, userId: string, orderId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('subscription_order')
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'paid')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function hasPaidOrder(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscription_order')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  return row !== undefined;
}

/** The paid order that started the user's current period (proration's basis). */
export async function orderOfPeriod(
  db: Db,
  userId: string,
  periodStart: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('period_start', '=', periodStart)
    .orderBy('paid_at', 'desc')
    .executeTakeFirst();
}

/** The caller's orders, newest first. */
export async function listOrders(db: Db, userId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * The next invoice number of a brand: one statement that creates or increments the counter row
 * and answers the new value. Inside the transaction that marks the order paid, the row stays
 * locked until commit (PostgreSQL), so numbers are gap-free and never handed out twice.
 */
export async function nextInvoiceSeq(trx: Transaction<Database>, partnerId: string): Promise<number> {
  const row = await trx
    .insertInto('invoice_counter')
    .values({ partner_id: partnerId, last_seq: 1 })
    .onConflict((oc) => oc.column('partner_id').doUpdateSet({ last_seq: sql`invoice_counter.last_seq + 1` }))
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

// --- Coupons ---------------------------------------------------------------------------------------

export async function findCouponByCode(
  db: Db,
  partnerId: string,
  code: string,
): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupon')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function findCoupon(
  db: Db,
  partnerId: string,
  couponId: string,
): Promise<CouponRow | undefined> {
  return db
    .selectFrom('coupon')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('id', '=', couponId)
    .executeTakeFirst();
}

/** Locks the coupon while its redemptions are counted (max redemptions under parallel orders). */
export async function lockCoupon(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  couponId: string,
): Promise<CouponRow | undefined> {
  let query = trx.selectFrom('coupon').selectAll().where('id', '=', couponId);
  if (kind === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Redemptions plus open orders that hold the coupon (a reservation until they are paid or gone). */
export async function couponUses(db: Db, coupon: CouponRow, excludeOrderId?: string): Promise<number> {
  let query = db
    .selectFrom('subscription_order')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('coupon_id', '=', coupon.id)
    .where('status', 'in', OPEN_ORDER_STATUSES);
  if (excludeOrderId) query = query.where('id', '!=', excludeOrderId);
  const { count } = await query.executeTakeFirstOrThrow();
  return coupon.redemption_count + Number(count);
}

export async function hasRedeemedCoupon(db: Db, userId: string, couponId: string): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_redemption')
    .select('id')
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records a redemption once (idempotent) and counts it. */
export async function redeemCoupon(
  trx: Transaction<Database>,
  redemption: { id: string; couponId: string; userId: string; orderId: string; at: string },
): Promise<void> {
  const inserted = await trx
    .insertInto('coupon_redemption')
    .values({
      id: redemption.id,
      coupon_id: redemption.couponId,
      user_id: redemption.userId,
      order_id: redemption.orderId,
      redeemed_at: redemption.at,
    })
    .onConflict((oc) => oc.columns(['coupon_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  await trx
    .updateTable('coupon')
    .set({ redemption_count: sql`redemption_count + 1` })
    .where('id', '=', redemption.couponId)
    .execute();
}

export async function insertCoupon(db: Db, coupon: Insertable<CouponTable>): Promise<void> {
  await db.insertInto('coupon').values(coupon).execute();
}

export async function listCoupons(db: Db, partnerId?: string): Promise<CouponRow[]> {
  let query = db.selectFrom('coupon').selectAll();
  if (partnerId) query = query.where('partner_id', '=', partnerId);
  return query.orderBy('partner_id').orderBy('created_at').execute();
}

export async function disableCoupon(db: Db, partnerId: string, code: string): Promise<boolean> {
  const result = await db
    .updateTable('coupon')
    .set({ disabled: 1 })
    .where('partner_id', '=', partnerId)
    .where('code', '=', code)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// --- Webhook events --------------------------------------------------------------------------------

/** Answers whether the event was already handled; records its arrival otherwise. */
export async function eventAlreadyProcessed(
  db: Db,
  event: { id: string; type: string },
  at: string,
): Promise<boolean> {
  await db
    .insertInto('payment_webhook_event')
    .values({ id: event.id, type: event.type, received_at: at, processed_at: null })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await db
    .selectFrom('payment_webhook_event')
    .select('processed_at')
    .where('id', '=', event.id)
    .executeTakeFirstOrThrow();
  return row.processed_at !== null;
}

export async function markEventProcessed(db: Db, eventId: string, at: string): Promise<void> {
  await db.updateTable('payment_webhook_event').set({ processed_at: at }).where('id', '=', eventId).execute();
}

/** Who a subscription mail goes to, in which language. */
export async function findRecipient(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select(['user.email', 'user.name', 'user_profile.language', 'user_profile.deletion_requested_at'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/** The brand's account with this address (a § 312k declaration names the contract by it). */
export async function findAccountByEmail(db: Db, partnerId: string, email: string) {
  return db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select(['user.id', 'user_profile.language', 'user_profile.deletion_requested_at'])
    .where('user.email', '=', email)
    .where('user.partnerId', '=', partnerId)
    .executeTakeFirst();
}
