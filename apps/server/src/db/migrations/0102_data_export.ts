import type { Kysely } from 'kysely';

/** Full data exports (GDPR Art. 20; db/tables/data-export.ts, modules/account-export). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_export')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    // The user's id while the export is queued or running, null after: one running export per user.
    .addColumn('active_user_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('partner_id', 'text', (c) => c.notNull())
    .addColumn('files_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'text')
    .addColumn('size', 'bigint')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('mailed_at', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_export_user_idx')
    .on('data_export')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_export').execute();
}
