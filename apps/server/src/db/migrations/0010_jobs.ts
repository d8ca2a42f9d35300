import type { Kysely } from 'kysely';

/** Durable jobs: reminders, period-end subscription changes, purges. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The claim query scans due jobs by status and time.
  await db.schema.createIndex('job_due_idx').on('job').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job').execute();
}
