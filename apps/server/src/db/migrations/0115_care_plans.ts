import type { Kysely } from 'kysely';

/**
 * Care plans (issue 36): medication schedules, the dose log, reminder markers, vaccinations that
 * come due, weight goals, in-app notices, each user's time zone and reminder choices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Old users get the default zone (DEFAULT_USER_TIME_ZONE of the contract).
  await db.schema
    .alterTable('user_profile')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Europe/Berlin'))
    .execute();

  await db.schema
    .createTable('medication_schedule')
    .addColumn('med_id', 'text', (c) => c.primaryKey().references('medical_record.id').onDelete('cascade'))
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rule', 'text', (c) => c.notNull())
    .addColumn('dose_amount', 'real', (c) => c.notNull())
    .addColumn('dose_unit', 'text', (c) => c.notNull())
    .addColumn('starts_on', 'text', (c) => c.notNull())
    .addColumn('ends_on', 'text')
    .addColumn('stock_units', 'real')
    .addColumn('stock_warn_days', 'integer')
    .addColumn('stock_low_warned', 'integer', (c) => c.notNull().defaultTo(0))
    // The next slot the reminder sweep has not handled yet (null: none left, or as needed).
    .addColumn('next_slot_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('medication_schedule_pet_idx')
    .on('medication_schedule')
    .column('pet_id')
    .execute();
  await db.schema
    .createIndex('medication_schedule_user_idx')
    .on('medication_schedule')
    .column('user_id')
    .execute();
  // The sweep's one query: schedules whose next slot is due.
  await db.schema
    .createIndex('medication_schedule_next_slot_idx')
    .on('medication_schedule')
    .column('next_slot_at')
    .execute();

  await db.schema
    .createTable('dose_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('med_id', 'text', (c) => c.notNull().references('medical_record.id').onDelete('cascade'))
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    // Null for an "as needed" dose (several may be logged; NULLs never collide in UNIQUE).
    .addColumn('slot', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('skip_reason', 'text')
    // Units taken off the stock by this dose (given back by an undo); 0 when not tracked.
    .addColumn('stock_taken', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('confirmed_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addUniqueConstraint('dose_log_med_slot_unique', ['med_id', 'slot'])
    .execute();
  await db.schema
    .createIndex('dose_log_med_confirmed_idx')
    .on('dose_log')
    .columns(['med_id', 'confirmed_at'])
    .execute();
  await db.schema.createIndex('dose_log_pet_slot_idx').on('dose_log').columns(['pet_id', 'slot']).execute();

  // One row per slot reminded: the due reminder is sent once; repeat_at is the missed-dose repeat.
  await db.schema
    .createTable('dose_reminder')
    .addColumn('med_id', 'text', (c) => c.notNull().references('medical_record.id').onDelete('cascade'))
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('repeat_at', 'text')
    .addColumn('repeated_at', 'text')
    .addPrimaryKeyConstraint('dose_reminder_pk', ['med_id', 'slot'])
    .execute();
  await db.schema.createIndex('dose_reminder_repeat_idx').on('dose_reminder').column('repeat_at').execute();

  await db.schema
    .createTable('vaccination_due')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('appointment_id', 'text', (c) => c.references('appointment.id').onDelete('set null'))
    .addColumn('med_id', 'text', (c) => c.references('medical_record.id').onDelete('set null'))
    .addColumn('done_on', 'text')
    // Reminders sent so far (index into VACCINATION_REMINDER_OFFSETS_DAYS) and when the next is due.
    .addColumn('reminders_sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_reminder_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vaccination_due_pet_idx')
    .on('vaccination_due')
    .columns(['pet_id', 'due_on'])
    .execute();
  await db.schema
    .createIndex('vaccination_due_next_idx')
    .on('vaccination_due')
    .column('next_reminder_at')
    .execute();

  await db.schema
    .createTable('weight_goal')
    .addColumn('pet_id', 'text', (c) => c.primaryKey().references('pet.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('min_kg', 'real', (c) => c.notNull())
    .addColumn('max_kg', 'real', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('care_notice')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text')
    .execute();
  await db.schema
    .createIndex('care_notice_user_idx')
    .on('care_notice')
    .columns(['user_id', 'dismissed_at', 'created_at'])
    .execute();
  await db.schema.createIndex('care_notice_pet_idx').on('care_notice').column('pet_id').execute();

  await db.schema
    .createTable('care_settings')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    // JSON: {doses:{mail,push}, vaccinations:…, appointments:…, stock:…}
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('missed_dose_repeat_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('ical_doses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'care_settings',
    'care_notice',
    'weight_goal',
    'vaccination_due',
    'dose_reminder',
    'dose_log',
    'medication_schedule',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('user_profile').dropColumn('time_zone').execute();
}
