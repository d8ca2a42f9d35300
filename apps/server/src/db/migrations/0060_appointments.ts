import type { Kysely } from 'kysely';

/** Appointments with their reminder job; they go with the pet (ON DELETE CASCADE). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('city', 'text')
    .addColumn('country', 'text')
    .addColumn('zip', 'text')
    .addColumn('phone', 'text')
    .addColumn('email', 'text')
    .addColumn('appointment_type', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('appointment_date', 'text', (c) => c.notNull())
    .addColumn('appointment_time', 'text', (c) => c.notNull())
    .addColumn('medication', 'text')
    .addColumn('comments', 'text')
    .addColumn('vet_name', 'text')
    .addColumn('vaccination_type', 'text')
    .addColumn('reminder_date', 'text')
    .addColumn('reminder_time', 'text')
    .addColumn('reminder_time_zone', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'text')
    .addColumn('reminder_sent_job_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // All of a user's appointments (myappointments, the purge) and one pet's (mypetappointments, the cascade).
  await db.schema.createIndex('appointment_user_idx').on('appointment').column('user_id').execute();
  await db.schema.createIndex('appointment_pet_idx').on('appointment').column('pet_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('appointment').execute();
}
