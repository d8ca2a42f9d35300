import type { Kysely } from 'kysely';

/**
 * Withdrawal (issue 33.16, § 356 Abs. 4 / § 357a BGB): when the buyer asked at checkout that the
 * plan start at once, the order records it (ISO time); a withdrawal then refunds only the share
 * of the period not yet used. Null: no such request, a withdrawal refunds everything.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_order').addColumn('start_consent_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subscription_order').dropColumn('start_consent_at').execute();
}
