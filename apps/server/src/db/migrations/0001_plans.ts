import type { Kysely } from 'kysely';

/** Plan catalogue per brand (spec: product). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('plan_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('yearly_price_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('monthly_price_id', 'text')
    .addColumn('yearly_price_id', 'text')
    .addColumn('stripe_id', 'text')
    .addColumn('pets_limit', 'integer', (c) => c.notNull())
    .addColumn('documents_limit', 'integer', (c) => c.notNull())
    .addColumn('gps_tracking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('medical', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('appointments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'integer')
    .addColumn('internal_note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('product_partner_key_unique', ['partner_id', 'plan_key'])
    .execute();
  await db.schema
    .createIndex('product_partner_sequence_idx')
    .on('product')
    .columns(['partner_id', 'sequence'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product').execute();
}
