import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { defineJob } from '../../platform/jobs/jobs.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { ownerKeyPrefix } from '../../platform/storage/index.ts';

/** Job that removes every row and file of a user whose account deletion was requested. */
export const PURGE_ACCOUNT_JOB = defineJob('account.purge', z.object({ userId: z.string() }));

/**
 * Every row and stored file of the user, gone. Idempotent: a second run (after a crash half way)
 * finds less to delete and finishes the rest. Rows first in one transaction (so the account is
 * either there or gone), files after; file deletion is itself idempotent, and a run that dies
 * before it is retried by the job runner with the same pet and user folders.
 *
 * A new table holding a user's data must be added here (the purge test scans every table).
 */
export async function purgeAccount(
  db: Kysely<Database>,
  storage: FileStorage,
  userId: string,
  email: string | null,
  jobId: string | null,
): Promise<void> {
  const petIds = (await db.selectFrom('pet').select('id').where('user_id', '=', userId).execute()).map(
    (p) => p.id,
  );
  await db.transaction().execute(async (trx) => {
    // Appointments would go with their pets too; their reminder jobs name the user (removed below).
    await trx.deleteFrom('appointment').where('user_id', '=', userId).execute();
    await trx.deleteFrom('calendar_feed').where('user_id', '=', userId).execute();
    // Data exports (their ZIPs are under users/{id}/exports/, removed with the user's folder below).
    await trx.deleteFrom('data_export').where('user_id', '=', userId).execute();
    // Lost-pet tags and finder reports go with their pets too; emergency accesses name no pet.
    await trx.deleteFrom('finder_report').where('user_id', '=', userId).execute();
    await trx.deleteFrom('public_access').where('user_id', '=', userId).execute();
    // Vet handover share links go with their pets too.
    await trx.deleteFrom('handover_link').where('user_id', '=', userId).execute();
    await trx.deleteFrom('pet_tag').where('user_id', '=', userId).execute();
    // Sharing (issue 35): the user's invitations (their shares cascade), shares held as member and
    // invitations to the user's address; lines the user wrote on others' pets keep no actor (the
    // log shows an unknown name). Shares ended at the deletion request; mails went then.
    await trx.deleteFrom('pet_invitation').where('owner_id', '=', userId).execute();
    await trx.deleteFrom('pet_share').where('member_id', '=', userId).execute();
    await trx
      .deleteFrom('pet_invitation')
      .where((eb) =>
        eb.or([eb('accepted_by', '=', userId), ...(email ? [eb('email', '=', email.toLowerCase())] : [])]),
      )
      .execute();
    await trx.deleteFrom('pet_activity').where('owner_id', '=', userId).execute();
    await trx.updateTable('pet_activity').set({ actor_id: null }).where('actor_id', '=', userId).execute();
    // Web push devices (issue 36).
    await trx.deleteFrom('push_device').where('user_id', '=', userId).execute();
    // Care plans (issue 36): the user's notices and reminder choices; what the user confirmed or
    // wrote on others' pets keeps no author. The user's own pets take the rest (cascade).
    await trx.deleteFrom('care_notice').where('user_id', '=', userId).execute();
    await trx.deleteFrom('care_settings').where('user_id', '=', userId).execute();
    // Missed-dose repeats still due to the user (as a carer of others' pets).
    await trx.deleteFrom('dose_reminder_repeat').where('user_id', '=', userId).execute();
    await trx.updateTable('dose_log').set({ created_by: null }).where('created_by', '=', userId).execute();
    await trx
      .updateTable('medication_schedule')
      .set({ created_by: null })
      .where('created_by', '=', userId)
      .execute();
    await trx
      .updateTable('vaccination_due')
      .set({ created_by: null })
      .where('created_by', '=', userId)
      .execute();
    // Kept answers of create requests (http/idempotent-create.ts) hold the user's data.
    await trx.deleteFrom('idempotency_key').where('user_id', '=', userId).execute();
    // Pets take their weights, contacts, medical records, documents and file rows (ON DELETE CASCADE).
    await trx.deleteFrom('pet').where('user_id', '=', userId).execute();
    await trx.deleteFrom('document_file').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_tracker').where('user_id', '=', userId).execute();
    await trx.deleteFrom('code_redemption').where('user_id', '=', userId).execute();
    await trx.deleteFrom('coupon_redemption').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sepa_prenotification').where('user_id', '=', userId).execute();
    await trx.deleteFrom('sepa_mandate').where('user_id', '=', userId).execute();
    // Paid orders are invoices: German law keeps them for 10 years (section 147 AO, 14b UStG), so
    // they stay; everything unpaid goes. (The period-end jobs find no subscription and do nothing.)
    await trx
      .deleteFrom('subscription_order')
      .where('user_id', '=', userId)
      .where('status', '!=', 'paid')
      .execute();
    await trx.deleteFrom('user_subscription').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_profile').where('user_id', '=', userId).execute();
    if (email) {
      await trx.deleteFrom('mail_outbox').where('to_address', '=', email).execute();
      // Rate-limit counters keyed by the e-mail (when limits are kept in the database).
      await trx.deleteFrom('rate_limit_counter').where('key', 'like', `%${email}%`).execute();
    }
    await deleteIdentityRows(trx, userId, email);
    // Other jobs about this user (and this one: its row names the user too).
    let jobs = trx.deleteFrom('job').where('payload', 'like', `%${userId}%`);
    if (jobId) jobs = jobs.where('id', '!=', jobId);
    await jobs.execute();
  });
  for (const petId of petIds) await storage.deletePrefix(ownerKeyPrefix({ petId }));
  await storage.deletePrefix(ownerKeyPrefix({ userId }));
  if (jobId) await db.deleteFrom('job').where('id', '=', jobId).execute();
}

/** better-auth's rows: sessions, linked accounts, pending verification tokens, the user. */
async function deleteIdentityRows(trx: Transaction<Database>, userId: string, email: string | null) {
  await trx.deleteFrom('session').where('userId', '=', userId).execute();
  await trx.deleteFrom('account').where('userId', '=', userId).execute();
  // Verification tokens name the user by e-mail or carry the user id in their value.
  await sql`delete from verification where identifier = ${email ?? ''} or value like ${`%${userId}%`} or value like ${`%${email ?? userId}%`}`.execute(
    trx,
  );
  await trx.deleteFrom('user').where('id', '=', userId).execute();
}
