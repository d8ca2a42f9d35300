import type { Kysely } from 'kysely';

/** Activation codes (hashed), the operator's code batches and the redemptions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activation_code_batch')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('product.id'))
    .addColumn('duration_months', 'integer')
    .addColumn('code_count', 'integer', (c) => c.notNull())
    .addColumn('max_redemptions', 'integer')
    .addColumn('expires_at', 'text')
    .addColumn('is_gift', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_promo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_months', 'integer')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activation_code')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('activation_code_batch.id'))
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('product_id', 'text', (c) => c.references('product.id'))
    .addColumn('duration_months', 'integer')
    .addColumn('tracker_id', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemption_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('is_gift', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_promo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_months', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_redeemed_at', 'text')
    .execute();
  await db.schema.createIndex('activation_code_batch_idx').on('activation_code').column('batch_id').execute();

  await db.schema
    .createTable('code_redemption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'text', (c) => c.notNull().references('activation_code.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('tracker_id', 'text')
    .addColumn('redeemed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('code_redemption_code_user_unique', ['code_id', 'user_id'])
    .execute();
  await db.schema.createIndex('code_redemption_user_idx').on('code_redemption').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('code_redemption').execute();
  await db.schema.dropTable('activation_code').execute();
  await db.schema.dropTable('activation_code_batch').execute();
}
