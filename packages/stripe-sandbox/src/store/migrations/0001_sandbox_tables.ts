import type { Kysely } from 'kysely';

/**
 * The sandbox's Stripe objects, the answers stored per Idempotency-Key, and the events it delivers
 * to the host's webhook (as the portal's migrations 0075 and 0109 made them, which its 0112 drops).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stripe_sandbox_object')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('sandbox_state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stripe_sandbox_object_customer_idx')
    .on('stripe_sandbox_object')
    .columns(['customer_id', 'object'])
    .execute();

  await db.schema
    .createTable('stripe_sandbox_idempotency')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_fingerprint', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stripe_sandbox_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('delivered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('delivery_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_delivery_status', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stripe_sandbox_event_object_idx')
    .on('stripe_sandbox_event')
    .columns(['object_id', 'sequence'])
    .execute();
  // GET /v1/events?delivery_success=false (the host's reconciliation) reads undelivered events newest first.
  await db.schema
    .createIndex('stripe_sandbox_event_delivered_idx')
    .on('stripe_sandbox_event')
    .columns(['delivered', 'sequence'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_sandbox_event').execute();
  await db.schema.dropTable('stripe_sandbox_idempotency').execute();
  await db.schema.dropTable('stripe_sandbox_object').execute();
}
