import type { Kysely } from 'kysely';

/** Medical records of all four kinds in one table; they go with the pet (ON DELETE CASCADE). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('medical_record')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('medical_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text')
    .addColumn('known_since', 'text')
    .addColumn('still_acute', 'text')
    .addColumn('executing_person', 'text')
    .addColumn('executing_organization', 'text')
    .addColumn('comments', 'text')
    .addColumn('surgery_type', 'text')
    .addColumn('manufacturer', 'text')
    .addColumn('prescription', 'text')
    .addColumn('in_use', 'text')
    .addColumn('taking_schedule', 'text')
    .addColumn('reason', 'text')
    .addColumn('dosage', 'text')
    .addColumn('taking_from', 'text')
    .addColumn('taking_to', 'text')
    .addColumn('pharma_central_number', 'text')
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // The list query: all records of a pet in the order they were added (also serves the cascade).
  await db.schema
    .createIndex('medical_record_pet_idx')
    .on('medical_record')
    .columns(['pet_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('medical_record').execute();
}
