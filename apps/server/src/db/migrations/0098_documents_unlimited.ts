import { sql, type Kysely } from 'kysely';

/**
 * Unlimited documents become their own value (UNLIMITED_DOCUMENTS, -1) instead of "100 or more":
 * a plan configured with 100 now holds 100 (issue 14.20). Caps above 100 were only ever written to
 * mean unlimited (the seeds' 1000), so they become -1; 100 and below stay real caps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE product SET documents_limit = -1 WHERE documents_limit > 100`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE product SET documents_limit = 1000 WHERE documents_limit = -1`.execute(db);
}
