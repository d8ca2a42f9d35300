import type { Kysely } from 'kysely';

/**
 * Attachments of the dev outbox's mails (issue 33 item 11: payment mails carry their invoice PDF).
 * Kept beside the mail, in order, so /dev/mailbox.json can list them (name, type, size) without
 * loading their bytes, and /dev/mailbox/attachment answers one. The bytes are base64 text: the same
 * column type on SQLite and PostgreSQL. Deleted with their mail (the account purge deletes mails).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_outbox_attachment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mail_id', 'text', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('content_base64', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_outbox_attachment_mail_idx')
    .on('mail_outbox_attachment')
    .columns(['mail_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox_attachment').execute();
}
