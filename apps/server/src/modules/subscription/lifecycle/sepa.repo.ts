import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { SepaMandateTable, SepaPrenotificationTable } from '../../../db/tables/sepa.ts';

/* The SEPA tables: mandates by payment method, and the pre-notifications of debits. */

type Db = Kysely<Database> | Transaction<Database>;

export type NoticeRow = Selectable<SepaPrenotificationTable>;

/** Records a mandate once per payment method (a second recording keeps the first). */
export async function insertMandate(db: Db, mandate: Insertable<SepaMandateTable>): Promise<void> {
  await db
    .insertInto('sepa_mandate')
    .values(mandate)
    .onConflict((oc) => oc.column('payment_method_id').doNothing())
    .execute();
}

export async function findMandateReference(db: Db, paymentMethodId: string): Promise<string | null> {
  const row = await db
    .selectFrom('sepa_mandate')
    .select('reference')
    .where('payment_method_id', '=', paymentMethodId)
    .executeTakeFirst();
  return row?.reference ?? null;
}

/** The notice of a debit by its key (`first:{order}`, `renewal:{user}:{period end}:{attempt}`). */
export async function findNoticeByKey(db: Db, key: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('sepa_prenotification').selectAll().where('notice_key', '=', key).executeTakeFirst();
}

export async function findNotice(db: Db, id: string): Promise<NoticeRow | undefined> {
  return db.selectFrom('sepa_prenotification').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateNotice(
  db: Db,
  id: string,
  patch: Updateable<SepaPrenotificationTable>,
): Promise<void> {
  await db.updateTable('sepa_prenotification').set(patch).where('id', '=', id).execute();
}

/** Inserts a notice unless one with its key exists; answers whether it was inserted. */
export async function insertNoticeOnce(
  db: Db,
  notice: Insertable<SepaPrenotificationTable>,
): Promise<boolean> {
  const inserted = await db
    .insertInto('sepa_prenotification')
    .values(notice)
    .onConflict((oc) => oc.column('notice_key').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
