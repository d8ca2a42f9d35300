import type { Kysely } from 'kysely';

/** Sharing a pet: invitations, shares, the activity log, and who wrote each entry (issue 35). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pet_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .execute();
  await db.schema.createIndex('pet_invitation_owner_idx').on('pet_invitation').column('owner_id').execute();
  await db.schema.createIndex('pet_invitation_email_idx').on('pet_invitation').column('email').execute();

  await db.schema
    .createTable('pet_share')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('invitation_id', 'text', (c) =>
      c.notNull().references('pet_invitation.id').onDelete('cascade'),
    )
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('reminders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text')
    .execute();
  // The policy's lookup: this member's share of this pet.
  await db.schema
    .createIndex('pet_share_member_pet_idx')
    .on('pet_share')
    .columns(['member_id', 'pet_id'])
    .execute();
  await db.schema.createIndex('pet_share_pet_idx').on('pet_share').column('pet_id').execute();
  await db.schema.createIndex('pet_share_invitation_idx').on('pet_share').column('invitation_id').execute();
  await db.schema.createIndex('pet_share_owner_idx').on('pet_share').column('owner_id').execute();

  await db.schema
    .createTable('pet_activity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pet_id', 'text', (c) => c.notNull().references('pet.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text')
    .addColumn('label', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pet_activity_pet_at_idx')
    .on('pet_activity')
    .columns(['pet_id', 'at'])
    .execute();
  await db.schema.createIndex('pet_activity_at_idx').on('pet_activity').column('at').execute();
  await db.schema.createIndex('pet_activity_owner_idx').on('pet_activity').column('owner_id').execute();
  await db.schema.createIndex('pet_activity_actor_idx').on('pet_activity').column('actor_id').execute();

  // Who wrote an entry: a carer may change only their own. Null for entries from before sharing
  // (the owner's).
  for (const table of ['pet_weight', 'contact', 'medical_record', 'document', 'appointment']) {
    await db.schema.alterTable(table).addColumn('created_by', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['pet_weight', 'contact', 'medical_record', 'document', 'appointment']) {
    await db.schema.alterTable(table).dropColumn('created_by').execute();
  }
  await db.schema.dropTable('pet_activity').execute();
  await db.schema.dropTable('pet_share').execute();
  await db.schema.dropTable('pet_invitation').execute();
}
