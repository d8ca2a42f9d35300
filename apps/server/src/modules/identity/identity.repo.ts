import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { isBanActive } from '../../platform/auth/auth.ts';
import type {
  CodeChoice,
  UserLanguage,
  UserProfileTable,
  UserSubscriptionTable,
} from '../../db/tables/identity.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type UserProfileRow = Selectable<UserProfileTable>;
export type UserSubscriptionRow = Selectable<UserSubscriptionTable>;

/**
 * Our user rows and the identity service's (better-auth) user/account rows where we write them
 * ourselves. better-auth's columns are typed per dialect: SQLite keeps dates as ISO text and
 * booleans as 0/1, PostgreSQL as timestamptz and boolean; `authValues` converts.
 */
export function authValues(kind: DatabaseKind) {
  return {
    date: (value: Date) => (kind === 'postgres' ? value : value.toISOString()),
    bool: (value: boolean) => (kind === 'postgres' ? value : value ? 1 : 0),
  };
}

export interface AuthUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  partnerId: string | null;
  banned: boolean;
  banReason: string | null;
  createdAt: string;
}

function toAuthUser(row: {
  id: string;
  name: string;
  email: string;
  emailVerified: unknown;
  partnerId: string | null;
  banned: unknown;
  banReason: string | null;
  createdAt: unknown;
}): AuthUserRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: Boolean(row.emailVerified),
    partnerId: row.partnerId,
    banned: Boolean(row.banned),
    banReason: row.banReason,
    createdAt: row.createdAt instanceof Date ? row.createdAt.toISOString() : String(row.createdAt),
  };
}

const AUTH_USER_COLUMNS = [
  'id',
  'name',
  'email',
  'emailVerified',
  'partnerId',
  'banned',
  'banReason',
  'createdAt',
] as const;

export async function findAuthUserByEmail(db: Db, email: string): Promise<AuthUserRow | undefined> {
  const row = await db
    .selectFrom('user')
    .select(AUTH_USER_COLUMNS)
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row ? toAuthUser(row) : undefined;
}

export async function findAuthUserById(db: Db, id: string): Promise<AuthUserRow | undefined> {
  const row = await db.selectFrom('user').select(AUTH_USER_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toAuthUser(row) : undefined;
}

export async function listAuthUsers(db: Db, filter: { partnerId?: string; search?: string; limit?: number }) {
  let query = db
    .selectFrom('user')
    .select(AUTH_USER_COLUMNS)
    .orderBy('createdAt', 'desc')
    .limit(filter.limit ?? 1000);
  if (filter.partnerId) query = query.where('partnerId', '=', filter.partnerId);
  if (filter.search) query = query.where('email', 'like', `%${filter.search.toLowerCase()}%`);
  return (await query.execute()).map(toAuthUser);
}

/** Creates the identity user and its e-mail/password account (better-auth's own row layout). */
export async function insertCredentialUser(
  trx: Transaction<Database>,
  kind: DatabaseKind,
  user: {
    id: string;
    name: string;
    email: string;
    partnerId: string;
    passwordHash: string;
    accountId: string;
    /** True when a link already proved the mailbox (a share invitation). */
    emailVerified?: boolean;
  },
): Promise<void> {
  const v = authValues(kind);
  const now = new Date();
  await trx
    .insertInto('user')
    .values({
      id: user.id,
      name: user.name,
      email: user.email.toLowerCase(),
      emailVerified: v.bool(user.emailVerified ?? false),
      image: null,
      createdAt: v.date(now),
      updatedAt: v.date(now),
      role: 'user',
      banned: v.bool(false),
      banReason: null,
      banExpires: null,
      partnerId: user.partnerId,
    })
    .execute();
  await trx
    .insertInto('account')
    .values({
      id: user.accountId,
      accountId: user.id,
      providerId: 'credential',
      userId: user.id,
      password: user.passwordHash,
      createdAt: v.date(now),
      updatedAt: v.date(now),
    })
    .execute();
}

export async function updateAuthUserName(
  db: Db,
  kind: DatabaseKind,
  userId: string,
  name: string,
): Promise<void> {
  const v = authValues(kind);
  await db
    .updateTable('user')
    .set({ name, updatedAt: v.date(new Date()) })
    .where('id', '=', userId)
    .execute();
}

export async function setBan(
  db: Db,
  kind: DatabaseKind,
  userId: string,
  ban: { banned: boolean; reason: string | null; expiresAt: Date | null },
): Promise<boolean> {
  const v = authValues(kind);
  const result = await db
    .updateTable('user')
    .set({
      banned: v.bool(ban.banned),
      banReason: ban.reason,
      banExpires: ban.expiresAt ? v.date(ban.expiresAt) : null,
      updatedAt: v.date(new Date()),
    })
    .where('id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// -------------------------------------------------------------------------------------------------
// Our tables.

export async function insertProfile(
  db: Db,
  row: {
    userId: string;
    partnerId: string;
    language: UserLanguage;
    stayLoggedIn: boolean;
    /** IANA zone (issue 36); absent: the column's default (DEFAULT_USER_TIME_ZONE). */
    timeZone?: string;
  },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('user_profile')
    .values({
      ...(row.timeZone ? { time_zone: row.timeZone } : {}),
      user_id: row.userId,
      partner_id: row.partnerId,
      language: row.language,
      stay_loggedin: row.stayLoggedIn ? 1 : 0,
      image_url: null,
      zipcode: null,
      phone: null,
      address_1: null,
      address_2: null,
      city: null,
      country: null,
      mobile_token_hash: null,
      mobile_token_created_at: null,
      deletion_requested_at: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function insertSubscription(
  db: Db,
  row: { userId: string; partnerId: string; productId: string; codeChoice: CodeChoice },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('user_subscription')
    .values({
      user_id: row.userId,
      partner_id: row.partnerId,
      product_id: row.productId,
      code_choice: row.codeChoice,
      product_associated: 0,
      activation_code_type: null,
      activation_code_id: null,
      product_expires_at: null,
      is_promo: 0,
      is_gift: 0,
      is_trial: 0,
      trial_months: null,
      stripe_customer_id: null,
      stripe_price_id: null,
      stripe_subscription_end: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function findProfile(db: Db, userId: string): Promise<UserProfileRow | undefined> {
  return db.selectFrom('user_profile').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** The owner as the pet-data PDFs print them (emergency file, vet handover): account, contact, address. */
export interface OwnerContact {
  id: string;
  partnerId: string;
  name: string;
  email: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  /** Banned by an operator (ban still running) or account deletion requested: their public links answer no more. */
  disabled: boolean;
}

/** The owner's account and address, or undefined when no such user (or no profile) exists. */
export async function findOwnerContact(db: Db, userId: string): Promise<OwnerContact | undefined> {
  const row = await db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.banned',
      'user.banExpires',
      'user_profile.partner_id',
      'user_profile.phone',
      'user_profile.address_1',
      'user_profile.address_2',
      'user_profile.zipcode',
      'user_profile.city',
      'user_profile.country',
      'user_profile.deletion_requested_at',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    partnerId: row.partner_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address1: row.address_1,
    address2: row.address_2,
    zipcode: row.zipcode,
    city: row.city,
    country: row.country,
    disabled: isBanActive(row) || row.deletion_requested_at !== null,
  };
}

/** One more sign-in of the user (myinfo's first_sign_in); in one statement, so none is lost. */
export async function countSignIn(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('user_profile')
    .set((eb) => ({ sign_in_count: eb('sign_in_count', '+', 1) }))
    .where('user_id', '=', userId)
    .execute();
}

export async function findSubscription(db: Db, userId: string): Promise<UserSubscriptionRow | undefined> {
  return db.selectFrom('user_subscription').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function updateProfile(
  db: Db,
  userId: string,
  changes: Partial<
    Pick<UserProfileTable, 'language' | 'stay_loggedin' | 'mobile_token_hash' | 'mobile_token_created_at'>
  >,
): Promise<void> {
  await db
    .updateTable('user_profile')
    .set({ ...changes, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

/** The plan and code state after a redemption. */
export async function applyCodeToSubscription(
  trx: Transaction<Database>,
  userId: string,
  change: {
    productId: string;
    codeId: string;
    codeType: 'single' | 'batch';
    expiresAt: string | null;
    isPromo: boolean;
    isGift: boolean;
    trialMonths: number | null;
  },
): Promise<void> {
  await trx
    .updateTable('user_subscription')
    .set({
      product_id: change.productId,
      product_associated: 1,
      activation_code_type: change.codeType,
      activation_code_id: change.codeId,
      product_expires_at: change.expiresAt,
      is_promo: change.isPromo ? 1 : 0,
      is_gift: change.isGift ? 1 : 0,
      is_trial: change.trialMonths ? 1 : 0,
      trial_months: change.trialMonths,
      updated_at: nowIso(),
    })
    .where('user_id', '=', userId)
    .execute();
}

export async function trackerIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_tracker')
    .select('tracker_id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('tracker_id')
    .execute();
  return rows.map((row) => row.tracker_id);
}

/** Tracker ids of the list that belong to a user other than `userId`. */
export async function trackersOwnedByOthers(
  db: Db,
  trackerIds: string[],
  userId: string | null,
): Promise<string[]> {
  if (trackerIds.length === 0) return [];
  let query = db.selectFrom('user_tracker').select('tracker_id').where('tracker_id', 'in', trackerIds);
  if (userId) query = query.where('user_id', '!=', userId);
  return (await query.execute()).map((row) => row.tracker_id);
}

/** Registers trackers to a user (unique: a tracker registered meanwhile by another fails). */
export async function registerTrackers(
  trx: Transaction<Database>,
  userId: string,
  partnerId: string,
  trackerIds: string[],
) {
  const now = nowIso();
  for (const trackerId of trackerIds) {
    await trx
      .insertInto('user_tracker')
      .values({ tracker_id: trackerId, user_id: userId, partner_id: partnerId, created_at: now })
      .onConflict((oc) => oc.column('tracker_id').doNothing())
      .execute();
    const owner = await trx
      .selectFrom('user_tracker')
      .select('user_id')
      .where('tracker_id', '=', trackerId)
      .executeTakeFirst();
    if (owner?.user_id !== userId) return { conflict: trackerId };
  }
  return { conflict: null };
}

// --- Sessions (better-auth's table) ----------------------------------------------------------------

export async function findSessionToken(db: Db, sessionId: string) {
  return db
    .selectFrom('session')
    .select(['token', 'expiresAt'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
}

export async function sessionsOf(db: Db, userId: string) {
  return db
    .selectFrom('session')
    .select(['id', 'createdAt', 'expiresAt'])
    .where('userId', '=', userId)
    .execute();
}

export async function setSessionExpiry(db: Db, kind: DatabaseKind, sessionId: string, expiresAt: Date) {
  await db
    .updateTable('session')
    .set({ expiresAt: authValues(kind).date(expiresAt) })
    .where('id', '=', sessionId)
    .execute();
}
