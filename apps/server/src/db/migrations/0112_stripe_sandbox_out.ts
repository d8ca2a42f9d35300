import type { Kysely } from 'kysely';
import { up as createSandboxTables } from './0075_payments_sandbox.ts';

/**
 * The Stripe-compatible sandbox left the server for its own package (packages/stripe-sandbox), which
 * keeps its tables under its own migrations, created when it is mounted (no Stripe keys). Its old
 * tables (0075, 0109's index) leave our schema; what they held was test data of the sandbox only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments_sandbox_event').execute();
  await db.schema.dropTable('payments_sandbox_idempotency').execute();
  await db.schema.dropTable('payments_sandbox_object').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await createSandboxTables(db);
  await db.schema
    .createIndex('payments_sandbox_event_delivered_idx')
    .on('payments_sandbox_event')
    .columns(['delivered', 'sequence'])
    .execute();
}
