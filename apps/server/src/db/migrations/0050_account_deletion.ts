import type { Kysely } from 'kysely';

/** When set, the user asked to delete the account: no new sign-in, and the purge job is scheduled. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profile').addColumn('deletion_requested_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profile').dropColumn('deletion_requested_at').execute();
}
