import type { Kysely } from 'kysely';

/** Document safe and vet findings: documents and their stored files. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('document_pet_idx').on('document').columns(['pet_id', 'created_at']).execute();
  // The plan limit counts a user's documents.
  await db.schema
    .createIndex('document_user_idx')
    .on('document')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('document_file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) => c.references('document.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('ext', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('document_file_document_idx')
    .on('document_file')
    .column('document_id')
    .execute();
  await db.schema.createIndex('document_file_user_idx').on('document_file').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_file').execute();
  await db.schema.dropTable('document').execute();
}
