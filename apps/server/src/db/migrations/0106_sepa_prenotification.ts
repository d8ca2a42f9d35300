import type { Kysely } from 'kysely';

/**
 * SEPA pre-notification and mandate reference (issue 33 items 13 and 14; db/tables/sepa.ts,
 * modules/subscription/sepa-prenotification.ts): the mandate of each SEPA payment method as the
 * provider reports it, every pre-notification sent (or about to be), and the mandate reference an
 * order was debited under (kept with the invoice, which outlives the user's other rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sepa_mandate')
    .addColumn('payment_method_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('mandate_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sepa_mandate_user_idx').on('sepa_mandate').column('user_id').execute();

  await db.schema
    .createTable('sepa_prenotification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // first:<order id> or renewal:<user id>:<period end>:<attempt>: one notice per debit.
    .addColumn('notice_key', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('period_end', 'text')
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('payment_method_id', 'text', (c) => c.notNull())
    .addColumn('mandate_reference', 'text', (c) => c.notNull())
    .addColumn('collect_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sepa_prenotification_user_idx')
    .on('sepa_prenotification')
    .column('user_id')
    .execute();

  await db.schema.alterTable('subscription_order').addColumn('mandate_reference', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_order').dropColumn('mandate_reference').execute();
  await db.schema.dropTable('sepa_prenotification').execute();
  await db.schema.dropTable('sepa_mandate').execute();
}
