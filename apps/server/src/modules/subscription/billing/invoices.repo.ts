import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { CreditNoteTable } from '../../../db/tables/credit-notes.ts';
import type { SubscriptionOrderTable } from '../../../db/tables/subscription.ts';

/**
 * The queries of the bills (orders with their invoices) and of credit notes. Reads are scoped to
 * the signed-in user (another user's order is simply not found); only the operator's refund reads
 * an order by id alone.
 */

type Db = Kysely<Database> | Transaction<Database>;

export type CreditNoteRow = Selectable<CreditNoteTable>;

/** A paid order with the name of its plan and its credit note, when it was refunded. */
export interface BillRow extends Selectable<SubscriptionOrderTable> {
  product_name: string;
  coupon_code: string | null;
  credit_note_id: string | null;
  credit_note_number: string | null;
  credit_note_amount_cents: number | null;
  credit_note_refund_id: string | null;
  credit_note_refund_status: string | null;
  credit_note_created_at: string | null;
}

function billQuery(db: Db) {
  return db
    .selectFrom('subscription_order as o')
    .innerJoin('product as p', 'p.id', 'o.product_id')
    .leftJoin('coupon as c', 'c.id', 'o.coupon_id')
    .leftJoin('credit_note as n', 'n.order_id', 'o.id')
    .selectAll('o')
    .select([
      'p.name as product_name',
      'c.code as coupon_code',
      'n.id as credit_note_id',
      'n.credit_note_number as credit_note_number',
      'n.amount_cents as credit_note_amount_cents',
      'n.refund_id as credit_note_refund_id',
      'n.refund_status as credit_note_refund_status',
      'n.created_at as credit_note_created_at',
    ])
    .where('o.status', '=', 'paid')
    .where('o.invoice_number', 'is not', null);
}

/** The caller's bills: paid orders (each has its invoice), newest first. */
export async function listBills(db: Db, userId: string): Promise<BillRow[]> {
  return billQuery(db)
    .where('o.user_id', '=', userId)
    .orderBy('o.paid_at', 'desc')
    .orderBy('o.invoice_seq', 'desc')
    .execute();
}

/** One paid order of the caller, or undefined (unpaid, someone else's or unknown: not found). */
export async function findOwnBill(db: Db, userId: string, orderId: string): Promise<BillRow | undefined> {
  return billQuery(db).where('o.user_id', '=', userId).where('o.id', '=', orderId).executeTakeFirst();
}

/** Any paid order by its id or its invoice number (the operator's refund). */
export async function findBill(db: Db, orderIdOrInvoiceNumber: string): Promise<BillRow | undefined> {
  return billQuery(db)
    .where((eb) =>
      eb.or([eb('o.id', '=', orderIdOrInvoiceNumber), eb('o.invoice_number', '=', orderIdOrInvoiceNumber)]),
    )
    .executeTakeFirst();
}

/** Name, language and stored address of the buyer (the address is the fallback of an order without one). */
export async function findBuyer(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.name',
      'user.email',
      'user_profile.language',
      'user_profile.address_1',
      'user_profile.address_2',
      'user_profile.zipcode',
      'user_profile.city',
      'user_profile.country',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/**
 * The paid order whose period an upgrade was paid in (its unused rest is what the upgrade
 * credits): the user's latest other paid order with period_start <= at < period_end.
 */
export async function findCreditedOrder(db: Db, userId: string, upgradeOrderId: string, at: string) {
  return db
    .selectFrom('subscription_order')
    .select(['invoice_number', 'period_start', 'period_end'])
    .where('user_id', '=', userId)
    .where('status', '=', 'paid')
    .where('id', '!=', upgradeOrderId)
    .where('period_start', '<=', at)
    .where('period_end', '>', at)
    .orderBy('paid_at', 'desc')
    .executeTakeFirst();
}

export async function findCreditNoteOfOrder(db: Db, orderId: string): Promise<CreditNoteRow | undefined> {
  return db.selectFrom('credit_note').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * The next credit-note number of a brand: one statement that creates or increments the counter
 * row and answers the new value (the row stays locked until commit on PostgreSQL, as with
 * nextInvoiceSeq), so the series has no gap and no number twice.
 */
export async function nextCreditNoteSeq(trx: Transaction<Database>, partnerId: string): Promise<number> {
  const row = await trx
    .insertInto('credit_note_counter')
    .values({ partner_id: partnerId, last_seq: 1 })
    .onConflict((oc) =>
      oc.column('partner_id').doUpdateSet({ last_seq: sql`credit_note_counter.last_seq + 1` }),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(row.last_seq);
}

export async function insertCreditNote(
  trx: Transaction<Database>,
  row: Insertable<CreditNoteTable>,
): Promise<void> {
  await trx.insertInto('credit_note').values(row).execute();
}
