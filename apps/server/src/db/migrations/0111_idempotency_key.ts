import type { Kysely } from 'kysely';

/**
 * Idempotency keys of create requests (http/idempotent-create.ts, db/tables/idempotency.ts). The
 * unique (user_id, idem_key) pair is the claim: of two requests with the same key, one inserts the
 * row and runs the handler, the other finds it and answers what the first answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'text')
    .addUniqueConstraint('idempotency_key_user_key_uq', ['user_id', 'idem_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_key_created_idx')
    .on('idempotency_key')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_key').execute();
}
