import type { Kysely, Transaction } from 'kysely';
import {
  appointmentsAllowed,
  type BrandConfig,
  documentLimitMessageKey,
  documentLimitReached,
  LIMIT_KEYS,
  MEMBERS_PER_PET_PAID,
  SHARE_KEYS,
  paidExtrasAllowed as paidExtrasAllowedByPlan,
  petLimitMessageKey,
  petLimitReached,
} from '@pet/contract';
import type { Database, ProductRow } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { fromDbBool } from '../../db/database.ts';
import { limitReached, unauthorized } from '../../platform/errors.ts';

/**
 * The one policy module for plan limits (DESIGN.md section 5). Every check runs inside the
 * transaction of the insert it guards and first locks the user's subscription row, so parallel
 * requests of one user queue up behind each other and can never pass a limit together. (SQLite
 * has one writer at a time, so the lock is implicit there.)
 */
export async function lockCurrentPlan(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<ProductRow> {
  let query = trx.selectFrom('user_subscription').select('product_id').where('user_id', '=', userId);
  if (kind === 'postgres') query = query.forUpdate();
  const subscription = await query.executeTakeFirst();
  if (!subscription) throw unauthorized('No subscription state for this user');
  return trx
    .selectFrom('product')
    .selectAll()
    .where('id', '=', subscription.product_id)
    .executeTakeFirstOrThrow();
}

const planLimits = (plan: ProductRow) => ({
  is_default: fromDbBool(plan.is_default),
  gps_tracking: fromDbBool(plan.gps_tracking),
});

export async function assertCanAddPet(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<void> {
  const plan = await lockCurrentPlan(trx, kind, userId);
  const { count } = await trx
    .selectFrom('pet')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (petLimitReached(Number(count), plan.pets_limit))
    throw limitReached(petLimitMessageKey(planLimits(plan)));
}

/** Documents count over all of the user's pets, document safe and vet findings together. */
export async function assertCanAddDocuments(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
  currentCount: (trx: Transaction<Database>) => Promise<number>,
): Promise<void> {
  const plan = await lockCurrentPlan(trx, kind, userId);
  if (documentLimitReached(await currentCount(trx), plan.documents_limit)) {
    throw limitReached(documentLimitMessageKey(planLimits(plan)));
  }
}

export async function assertMedicalAllowed(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<void> {
  const plan = await lockCurrentPlan(trx, kind, userId);
  if (!fromDbBool(plan.medical)) throw limitReached(LIMIT_KEYS.medicalNotAllowed);
}

/**
 * Adding an appointment needs a plan with `appointments` and medical allowance (`medical`)
 * (pet-data sections 5 and 6, contract `appointmentsAllowed`); refused with
 * Appointment_Limit_Reached_Message. Editing and deleting existing appointments is not checked.
 */
export async function assertAppointmentsAllowed(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
): Promise<void> {
  const plan = await lockCurrentPlan(trx, kind, userId);
  const allowed = appointmentsAllowed({
    appointments: fromDbBool(plan.appointments),
    medical: fromDbBool(plan.medical),
  });
  if (!allowed) throw limitReached(LIMIT_KEYS.appointment);
}

/**
 * Sharing a pet (issue 35) is the owner's paid-plan feature: refused on the free (default) plan
 * with Share_Not_Allowed_Text, and a pet has at most MEMBERS_PER_PET_PAID members (invited,
 * scheduled and active alike; `fullestPet` answers the most any of the invitation's pets has).
 */
export async function assertCanAddShareMembers(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  userId: string,
  fullestPet: (trx: Transaction<Database>) => Promise<number>,
): Promise<void> {
  const plan = await lockCurrentPlan(trx, kind, userId);
  if (fromDbBool(plan.is_default)) throw limitReached(SHARE_KEYS.notAllowed);
  if ((await fullestPet(trx)) >= MEMBERS_PER_PET_PAID) throw limitReached(SHARE_KEYS.memberLimit);
}

export type EmergencyDownloadDecision = 'allowed' | 'not_allowed';

/**
 * The emergency file download (pet-data sections 4 and 6): allowed only on a paid (non-default)
 * plan of a user whose redeemed activation code type is single; a brand may also refuse plans
 * below a sequence (tier-fritz: sequence 0 never downloads). A read, not an insert's guard, so no
 * lock is taken. `brand` is the owner's brand.
 */
export async function emergencyDownloadDecision(
  db: Kysely<Database>,
  userId: string,
  brand: BrandConfig,
): Promise<EmergencyDownloadDecision> {
  const row = await db
    .selectFrom('user_subscription')
    .innerJoin('product', 'product.id', 'user_subscription.product_id')
    .select(['user_subscription.activation_code_type', 'product.is_default', 'product.sequence'])
    .where('user_subscription.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return 'not_allowed';
  const allowed =
    row.activation_code_type === 'single' &&
    !fromDbBool(row.is_default) &&
    row.sequence >= brand.limits.emergencyDownloadMinSequence;
  return allowed ? 'allowed' : 'not_allowed';
}

/** The signed-in download: refused with status 500 and Download_Not_Allowed_Text (a limit message). */
export async function assertEmergencyDownloadAllowed(
  db: Kysely<Database>,
  userId: string,
  brand: BrandConfig,
): Promise<void> {
  if ((await emergencyDownloadDecision(db, userId, brand)) !== 'allowed')
    throw limitReached(LIMIT_KEYS.downloadNotAllowed);
}

/**
 * The extras beyond the spec (calendar feed, ...): the contract's paidExtrasAllowed rule on the
 * user's plan; refused with Paid_Extras_Not_Allowed_Text (the web shows the upsell). A read, not an
 * insert's guard, so no lock is taken.
 */
export async function paidExtrasAllowed(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_subscription')
    .innerJoin('product', 'product.id', 'user_subscription.product_id')
    .select('product.is_default')
    .where('user_subscription.user_id', '=', userId)
    .executeTakeFirst();
  return paidExtrasAllowedByPlan(row ? { is_default: fromDbBool(row.is_default) } : null);
}

export async function assertPaidExtrasAllowed(db: Kysely<Database>, userId: string): Promise<void> {
  if (!(await paidExtrasAllowed(db, userId))) throw limitReached(LIMIT_KEYS.paidExtras);
}
