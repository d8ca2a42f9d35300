import type { Kysely } from 'kysely';

/** Web push (issue 36): the browsers a user switched push on for, one row per subscription. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_device')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_device_user_idx').on('push_device').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_device').execute();
}
