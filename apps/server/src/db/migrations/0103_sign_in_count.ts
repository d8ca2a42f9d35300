import { sql, type Kysely } from 'kysely';

/**
 * Sign-ins per account (issue 14 item 23: "Welcome back" greeted a first-time user). Every new
 * session the identity service starts for a sign-in adds one (platform/auth/auth.ts); myinfo
 * answers `first_sign_in` while the count is at most 1. Accounts that exist already start at the
 * number of sessions they hold (better-auth deletes a session at sign-out, so that is the best the
 * data tells; it is 0 on a fresh database, where better-auth's tables come after our migrations).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_profile')
    .addColumn('sign_in_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const tables = await db.introspection.getTables();
  if (tables.some((table) => table.name === 'session')) {
    await sql`update user_profile set sign_in_count =
      (select count(*) from session where session."userId" = user_profile.user_id)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_profile').dropColumn('sign_in_count').execute();
}
