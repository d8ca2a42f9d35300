import type { Kysely, Transaction } from 'kysely';

/** The portal's storage conventions (ISO-8601 text timestamps, 0/1 booleans), alike on SQLite and PostgreSQL. */
type IsoTimestamp = string;
type DbBool = 0 | 1;

export type SandboxObjectKind =
  | 'customer'
  | 'payment_intent'
  | 'payment_method'
  | 'setup_intent'
  | 'checkout.session'
  | 'refund'
  /** A SEPA direct-debit mandate (mandate_...), made with the SEPA payment method it covers. */
  | 'mandate'
  /** Never stored (events carry a charge built from its payment intent); listed for the union. */
  | 'charge';

/** One Stripe object of the sandbox, kept in Stripe's own JSON shape. */
export interface SandboxObjectTable {
  /** Stripe's id (cus_..., pi_..., pm_..., seti_..., cs_test_...). */
  id: string;
  object: SandboxObjectKind;
  /** The customer the object belongs to (payment methods once attached, intents, sessions). */
  customer_id: string | null;
  /** The object as the API answers it, JSON text. */
  data: string;
  /**
   * What the sandbox knows but Stripe does not show, JSON text: for a payment method how its test
   * card or IBAN behaves (never the full number), for a payment intent the confirm's return_url.
   */
  sandbox_state: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A request's answer stored under its Idempotency-Key: the same key answers the same again. */
export interface SandboxIdempotencyTable {
  key: string;
  /** Method, path and a hash of the body: the same key with other parameters is refused. */
  request_fingerprint: string;
  /** Null while the first request with this key is still running. */
  status_code: number | null;
  response: string | null;
  created_at: IsoTimestamp;
}

/** An event the sandbox emitted; a durable job delivers it to our webhook. */
export interface SandboxEventTable {
  /** evt_... */
  id: string;
  /** Emission order (events of one change share their time). */
  sequence: number;
  type: string;
  /** The id of data.object (pi_..., cs_test_..., seti_...). */
  object_id: string;
  /** The event JSON exactly as delivered (and signed). */
  payload: string;
  delivered: DbBool;
  delivery_attempts: number;
  last_delivery_status: number | null;
  created_at: IsoTimestamp;
}

/**
 * The sandbox's own tables (store/migrations), in the host's database but not in its schema: the
 * host never reads them, and its own migrations know nothing of them. A type, not an interface, so
 * that a host's tests can read them with `db.withTables<StripeSandboxTables>()`.
 */
export type StripeSandboxTables = {
  stripe_sandbox_object: SandboxObjectTable;
  stripe_sandbox_idempotency: SandboxIdempotencyTable;
  stripe_sandbox_event: SandboxEventTable;
};

/** The host's connection seen with the sandbox's tables (its transactions are the host's too). */
export type SandboxDb = Kysely<StripeSandboxTables>;
export type SandboxTransaction = Transaction<StripeSandboxTables>;
/** The two databases the host runs on; row locks exist only on PostgreSQL. */
export type SandboxDialect = 'sqlite' | 'postgres';
