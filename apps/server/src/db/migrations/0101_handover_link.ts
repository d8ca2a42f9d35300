import type { Kysely } from 'kysely';

/** Vet handover share links (db/tables/exports.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('handover_link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('document_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_download_at', 'text')
    .execute();
  await db.schema
    .createIndex('handover_link_pet_idx')
    .on('handover_link')
    .columns(['pet_id', 'created_at'])
    .execute();
  await db.schema.createIndex('handover_link_user_idx').on('handover_link').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('handover_link').execute();
}
