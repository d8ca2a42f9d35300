import type { Kysely } from 'kysely';

/**
 * Missed-dose repeats per recipient (issue 36): each person who got a dose reminder gets the
 * repeat after their own care_settings.missed_dose_repeat_minutes (0: none), one row each.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dose_reminder_repeat')
    .addColumn('med_id', 'text', (c) => c.notNull().references('medical_record.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('repeat_at', 'text')
    .addColumn('repeated_at', 'text')
    .addPrimaryKeyConstraint('dose_reminder_repeat_pk', ['med_id', 'slot', 'user_id'])
    .execute();
  await db.schema
    .createIndex('dose_reminder_repeat_due_idx')
    .on('dose_reminder_repeat')
    .column('repeat_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dose_reminder_repeat').execute();
}
