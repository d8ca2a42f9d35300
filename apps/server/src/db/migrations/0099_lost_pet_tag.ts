import type { Kysely } from 'kysely';

/** Lost-pet tags, public accesses and finder reports (db/tables/lost-pet.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pet_tag')
    .addColumn('pet_id', 'text', (c) => c.primaryKey().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_owner_name', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_phone', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_message', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('show_medical', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show_vet_phone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notify_on_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pet_tag_user_idx').on('pet_tag').column('user_id').execute();

  await db.schema
    .createTable('public_access')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pet_id', 'text', (c) => c.references('pet.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // A pet's accesses newest first (and the owner's emergency ones); the daily address clean-up.
  await db.schema
    .createIndex('public_access_user_idx')
    .on('public_access')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('public_access_created_idx').on('public_access').column('created_at').execute();

  await db.schema
    .createTable('finder_report')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('finder_report_pet_idx')
    .on('finder_report')
    .columns(['pet_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('finder_report').execute();
  await db.schema.dropTable('public_access').execute();
  await db.schema.dropTable('pet_tag').execute();
}
