import type { DbBool, IsoTimestamp } from '../schema.ts';
import type { ActivationCodeKind } from './identity.ts';

/**
 * Activation codes. A batch row records one run of the operator command (what the codes attach);
 * each code row is one code, stored only as HMAC-SHA256(CODE_SECRET, normalized code), so a
 * database leak does not reveal usable codes. Lookups go by hash.
 *
 * Kinds: 'single' codes are redeemed once, by one user (the code then is the owner's emergency
 * password); 'batch' codes are shared codes that many users redeem once each, up to
 * max_redemptions (null: no cap). State: unused (no redemption), redeemed (cap reached; for a
 * single code: its one redemption), expired (expires_at passed).
 */
export interface ActivationCodeBatchTable {
  id: string;
  partner_id: string;
  kind: ActivationCodeKind;
  product_id: string | null;
  duration_months: number | null;
  code_count: number;
  max_redemptions: number | null;
  expires_at: IsoTimestamp | null;
  is_gift: DbBool;
  is_promo: DbBool;
  trial_months: number | null;
  note: string;
  created_at: IsoTimestamp;
}

export interface ActivationCodeTable {
  id: string;
  batch_id: string;
  partner_id: string;
  kind: ActivationCodeKind;
  code_hash: string;
  /** Null: the code attaches no product (answers 471 until one is attached). */
  product_id: string | null;
  duration_months: number | null;
  /** Bound GPS tracker id: the code is valid only with this tracker. */
  tracker_id: string | null;
  /** 1 for single codes; null for uncapped batch codes. */
  max_redemptions: number | null;
  redemption_count: number;
  expires_at: IsoTimestamp | null;
  is_gift: DbBool;
  is_promo: DbBool;
  trial_months: number | null;
  created_at: IsoTimestamp;
  last_redeemed_at: IsoTimestamp | null;
}

/** One user's redemption of one code (unique per code and user). */
export interface CodeRedemptionTable {
  id: string;
  code_id: string;
  user_id: string;
  tracker_id: string | null;
  redeemed_at: IsoTimestamp;
}

export interface CodeTables {
  activation_code_batch: ActivationCodeBatchTable;
  activation_code: ActivationCodeTable;
  code_redemption: CodeRedemptionTable;
}
