import type { Generated } from 'kysely';
import type { DbBool, IsoTimestamp } from '../schema.ts';

/**
 * Our side of a user. The identity service (better-auth) owns the tables `user`, `session`,
 * `account` and `verification`; ours hold what the portal knows about the user, keyed by the
 * identity user id. There are no foreign keys to better-auth's tables (they are created by its own
 * migration after ours); the identity service removes these rows when it removes a user.
 */

/** Spec: language as stored and read. */
export type UserLanguage = 'English' | 'German';

/** Profile and settings: one row per user (account-area section 3, user info). */
export interface UserProfileTable {
  user_id: string;
  /** The brand the account belongs to (spec: partner_id / platform); same as user.partnerId. */
  partner_id: string;
  language: UserLanguage;
  /** Session lifetime: 30 days when set, 1 day (and a browser-session cookie) when not. */
  stay_loggedin: DbBool;
  image_url: string | null;
  zipcode: string | null;
  phone: string | null;
  address_1: string | null;
  address_2: string | null;
  city: string | null;
  country: string | null;
  /**
   * Mobile embedding token (tokenI / tokenA query): HMAC-SHA256 of the token handed to the mobile
   * app, never the token itself.
   */
  mobile_token_hash: string | null;
  mobile_token_created_at: IsoTimestamp | null;
  /** Account deletion requested: no new sign-in; the purge job removes everything (migration 0050). */
  deletion_requested_at: IsoTimestamp | null;
  /** Sign-ins (sessions started by signing in; migration 0103): myinfo's first_sign_in. */
  sign_in_count: Generated<number>;
  /** IANA zone (issue 36, migration 0115): reminders, doses, mails and the calendar use it. */
  time_zone: Generated<string>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Registration code choice (stored values of the spec). */
export type CodeChoice = 'yes' | 'no' | 'without';
export type ActivationCodeKind = 'single' | 'batch';

/**
 * Subscription state of a user: the current plan and how it came to be. Payments add their own
 * columns or tables (orders, invoices) and update this row; it is the one place the current plan
 * of a user is read from.
 */
export interface UserSubscriptionTable {
  user_id: string;
  partner_id: string;
  /** Current plan (product.id); every user has one, the brand's default plan to start with. */
  product_id: string;
  /** The registration code choice: yes, no or without. */
  code_choice: CodeChoice;
  /** A product was attached by a code (or later an order): the read side's product_associated. */
  product_associated: DbBool;
  /** Type of the last redeemed activation code; 'single' allows the emergency download. */
  activation_code_type: ActivationCodeKind | null;
  activation_code_id: string | null;
  /** When the plan attached for a duration ends (codes with a duration); null: no end. */
  product_expires_at: IsoTimestamp | null;
  is_promo: DbBool;
  is_gift: DbBool;
  is_trial: DbBool;
  trial_months: number | null;
  /** Payment provider state (filled by the subscription module). */
  stripe_customer_id: string | null;
  stripe_price_id: string | null;
  /** Epoch seconds. */
  stripe_subscription_end: number | null;
  /** Paid plans (migration 0070): interval and the period paid for. */
  pay_type: 'monthly' | 'yearly' | null;
  current_period_start: IsoTimestamp | null;
  current_period_end: IsoTimestamp | null;
  /** The saved method renewals are charged to (the provider's payment method id). */
  default_payment_method_id: string | null;
  payment_method_type: 'card' | 'sepa_debit' | null;
  /** A coupon that keeps discounting renewals (forever, or repeating with renewals left). */
  coupon_id: string | null;
  coupon_renewals_left: number | null;
  /** Termination pending at period end (1), revocable until then. */
  cancel_at_period_end: DbBool | null;
  /** Downgrade pending at period end: the lower plan and the price it is charged at. */
  pending_product_id: string | null;
  pending_price_id: string | null;
  /** Failed renewal charges in a row (grace period). */
  renewal_failures: number | null;
  /** When the last paid plan ended (start of the 4-week reactivation window). */
  ended_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** GPS trackers: a tracker id belongs to at most one user (unique key). */
export interface UserTrackerTable {
  tracker_id: string;
  user_id: string;
  partner_id: string;
  created_at: IsoTimestamp;
}

/** Fixed-window counters of the rate limiter when it is shared through the database. */
export interface RateLimitCounterTable {
  key: string;
  count: number;
  /** Epoch milliseconds of the window start. */
  window_start: number;
}

export interface IdentityTables {
  user_profile: UserProfileTable;
  user_subscription: UserSubscriptionTable;
  user_tracker: UserTrackerTable;
  rate_limit_counter: RateLimitCounterTable;
}

/**
 * The better-auth tables as our repos read and write them directly (signup in one transaction
 * with the code redemption, the operator command). Column names are better-auth's. SQLite stores
 * dates as ISO text and booleans as 0/1; PostgreSQL as timestamptz and boolean.
 */
export type AuthDate = string | Date;
export type AuthBool = number | boolean;

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  role: string | null;
  banned: AuthBool | null;
  banReason: string | null;
  banExpires: AuthDate | null;
  partnerId: string | null;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AuthTables {
  user: AuthUserTable;
  account: AuthAccountTable;
  session: AuthSessionTable;
}
