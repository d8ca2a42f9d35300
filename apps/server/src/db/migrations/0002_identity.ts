import type { Kysely } from 'kysely';

/**
 * Our side of the identity: profile, subscription state and trackers per user, plus the counters
 * of the shared rate limiter. better-auth creates its own tables (user, session, account,
 * verification) after our migrations, from code (platform/auth/migrate.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_profile')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('stay_loggedin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_url', 'text')
    .addColumn('zipcode', 'text')
    .addColumn('phone', 'text')
    .addColumn('address_1', 'text')
    .addColumn('address_2', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('mobile_token_hash', 'text')
    .addColumn('mobile_token_created_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_profile_partner_idx').on('user_profile').column('partner_id').execute();

  await db.schema
    .createTable('user_subscription')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('code_choice', 'text', (c) => c.notNull())
    .addColumn('product_associated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('activation_code_type', 'text')
    .addColumn('activation_code_id', 'text')
    .addColumn('product_expires_at', 'text')
    .addColumn('is_promo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_gift', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trial_months', 'integer')
    .addColumn('stripe_customer_id', 'text')
    .addColumn('stripe_price_id', 'text')
    .addColumn('stripe_subscription_end', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_subscription_product_idx')
    .on('user_subscription')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('user_tracker')
    .addColumn('tracker_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_tracker_user_idx').on('user_tracker').column('user_id').execute();

  await db.schema
    .createTable('rate_limit_counter')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counter').execute();
  await db.schema.dropTable('user_tracker').execute();
  await db.schema.dropTable('user_subscription').execute();
  await db.schema.dropTable('user_profile').execute();
}
