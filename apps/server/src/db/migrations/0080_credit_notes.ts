import type { Kysely } from 'kysely';

/**
 * Credit notes of refunded orders and their own number series per brand (db/tables/credit-notes.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_note')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('subscription_order.id'))
    .addColumn('credit_note_number', 'text', (c) => c.notNull().unique())
    .addColumn('credit_note_seq', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('refund_id', 'text', (c) => c.notNull())
    .addColumn('refund_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('credit_note_seq_unique', ['partner_id', 'credit_note_seq'])
    .execute();
  await db.schema.createIndex('credit_note_user_idx').on('credit_note').column('user_id').execute();

  await db.schema
    .createTable('credit_note_counter')
    .addColumn('partner_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_note_counter').execute();
  await db.schema.dropTable('credit_note').execute();
}
