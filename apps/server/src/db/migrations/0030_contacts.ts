import type { Kysely } from 'kysely';

/** Contacts of a pet; they go with the pet (ON DELETE CASCADE). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('zip', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('contact_type', 'text', (c) => c.notNull())
    .addColumn('doctor_since', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list query: a pet's contacts in the order they were added (also serves the cascade).
  await db.schema.createIndex('contact_pet_idx').on('contact').columns(['pet_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact').execute();
}
