import type { IsoTimestamp } from '../schema.ts';

/**
 * One create request with an `Idempotency-Key` (http/idempotent-create.ts): claimed before the
 * handler runs (status_code null), then holding the first answer for a minute of business time.
 * No foreign key: rows are short-lived and removed once expired, and with the account (purge).
 */
export interface IdempotencyKeyTable {
  id: string;
  user_id: string;
  /** The client's key, unique per user (another user's same key is another row). */
  idem_key: string;
  /** Method, URL and a hash of the JSON body: a key sent again with another request is refused. */
  fingerprint: string;
  created_at: IsoTimestamp;
  status_code: number | null;
  content_type: string | null;
  body: string | null;
}

export interface IdempotencyTables {
  idempotency_key: IdempotencyKeyTable;
}
