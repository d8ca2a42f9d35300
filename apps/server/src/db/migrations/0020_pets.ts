import type { Kysely } from 'kysely';

/** Pets and their weight history. Everything else of a pet references pet(id) ON DELETE CASCADE. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pet')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pet_type', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('race', 'text')
    .addColumn('date_of_birth', 'text')
    .addColumn('size', 'text')
    .addColumn('color', 'text')
    .addColumn('features', 'text')
    .addColumn('labeling', 'text')
    .addColumn('ancestry', 'text')
    .addColumn('image_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pet_user_idx').on('pet').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('pet_weight')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('weight', 'double precision', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('date_sort', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pet_weight_pet_idx').on('pet_weight').column('pet_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pet_weight').execute();
  await db.schema.dropTable('pet').execute();
}
