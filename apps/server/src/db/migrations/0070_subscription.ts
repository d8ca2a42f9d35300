import { sql, type Kysely } from 'kysely';

/**
 * Orders, invoice counters, coupons and handled webhook events; the subscription columns of
 * user_subscription (period, interval, saved payment method, pending termination or downgrade).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_order')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('product.id'))
    .addColumn('price_id', 'text', (c) => c.notNull())
    .addColumn('pay_type', 'text', (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('plan_cents', 'integer', (c) => c.notNull())
    .addColumn('tracker_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('proration_cents', 'integer', (c) => c.notNull())
    .addColumn('coupon_id', 'text')
    .addColumn('payment_intent_id', 'text', (c) => c.unique())
    .addColumn('payment_type', 'text')
    .addColumn('payment_method_id', 'text')
    .addColumn('billing_name', 'text', (c) => c.notNull())
    .addColumn('billing_email', 'text', (c) => c.notNull())
    .addColumn('billing_street', 'text', (c) => c.notNull())
    .addColumn('billing_address', 'text', (c) => c.notNull())
    .addColumn('billing_zipcode', 'text', (c) => c.notNull())
    .addColumn('billing_city', 'text', (c) => c.notNull())
    .addColumn('billing_country', 'text', (c) => c.notNull())
    .addColumn('billing_phone', 'text', (c) => c.notNull())
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('invoice_seq', 'integer')
    .addColumn('paid_at', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('subscription_order_invoice_unique', ['partner_id', 'invoice_seq'])
    .execute();
  await db.schema
    .createIndex('subscription_order_user_idx')
    .on('subscription_order')
    .columns(['user_id', 'created_at'])
    .execute();
  // At most one open purchase per user, enforced by the database (parallel requests: 434).
  // Renewals are the server's own orders and may run while the user has a purchase open.
  await db.schema
    .createIndex('subscription_order_open_unique')
    .on('subscription_order')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status in ('placed', 'processing') and kind = 'purchase'`)
    .execute();

  await db.schema
    .createTable('invoice_counter')
    .addColumn('partner_id', 'text', (c) => c.primaryKey())
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('coupon')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('percent_off', 'integer')
    .addColumn('amount_off_cents', 'integer')
    .addColumn('product_ids', 'text')
    .addColumn('pay_type', 'text')
    .addColumn('applies_to', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text')
    .addColumn('valid_until', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('redemption_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('duration', 'text', (c) => c.notNull())
    .addColumn('duration_months', 'integer')
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_partner_code_unique', ['partner_id', 'code'])
    .execute();

  await db.schema
    .createTable('coupon_redemption')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('coupon_id', 'text', (c) => c.notNull().references('coupon.id'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('coupon_redemption_coupon_user_unique', ['coupon_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('coupon_redemption_user_idx')
    .on('coupon_redemption')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('payment_webhook_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .execute();

  for (const [name, type] of [
    ['pay_type', 'text'],
    ['current_period_start', 'text'],
    ['current_period_end', 'text'],
    ['default_payment_method_id', 'text'],
    ['payment_method_type', 'text'],
    ['coupon_id', 'text'],
    ['coupon_renewals_left', 'integer'],
    ['cancel_at_period_end', 'integer'],
    ['pending_product_id', 'text'],
    ['pending_price_id', 'text'],
    ['renewal_failures', 'integer'],
    ['ended_at', 'text'],
  ] as const) {
    await db.schema.alterTable('user_subscription').addColumn(name, type).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'pay_type',
    'current_period_start',
    'current_period_end',
    'default_payment_method_id',
    'payment_method_type',
    'coupon_id',
    'coupon_renewals_left',
    'cancel_at_period_end',
    'pending_product_id',
    'pending_price_id',
    'renewal_failures',
    'ended_at',
  ]) {
    await db.schema.alterTable('user_subscription').dropColumn(name).execute();
  }
  await db.schema.dropTable('payment_webhook_event').execute();
  await db.schema.dropTable('coupon_redemption').execute();
  await db.schema.dropTable('coupon').execute();
  await db.schema.dropTable('invoice_counter').execute();
  await db.schema.dropTable('subscription_order').execute();
}
