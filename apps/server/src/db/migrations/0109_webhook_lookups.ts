import type { Kysely } from 'kysely';

/**
 * Webhooks under load (issue 33 item 24). Every payment event finds its order by the payment
 * intent's id, which had no index: each delivery read the whole order table. The sandbox's
 * GET /v1/events?delivery_success=false (what the reconciliation job fetches) reads undelivered
 * events newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('subscription_order_payment_intent_idx')
    .on('subscription_order')
    .column('payment_intent_id')
    .execute();
  await db.schema
    .createIndex('payments_sandbox_event_delivered_idx')
    .on('payments_sandbox_event')
    .columns(['delivered', 'sequence'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_sandbox_event_delivered_idx').execute();
  await db.schema.dropIndex('subscription_order_payment_intent_idx').execute();
}
