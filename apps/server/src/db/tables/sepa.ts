import type { IsoTimestamp } from '../schema.ts';

/** The SEPA mandate of a payment method, as the provider's mandate object names it (GET /v1/mandates/{id}). */
export interface SepaMandateTable {
  /** pm_...: every debit of this method is made under this mandate. */
  payment_method_id: string;
  user_id: string;
  /** mandate_... */
  mandate_id: string;
  /** The mandate reference (Mandatsreferenz) printed on notices and invoices; never the pm_ id. */
  reference: string;
  created_at: IsoTimestamp;
}

/**
 * One SEPA debit's pre-notification (modules/subscription/sepa-prenotification.ts): what is debited,
 * when and under which mandate. A renewal is collected only when its notice was sent and its
 * collection time has come, and only for the amount it announced.
 */
export interface SepaPrenotificationTable {
  id: string;
  /** first:<order id> or renewal:<user id>:<period end>:<attempt> */
  notice_key: string;
  user_id: string;
  partner_id: string;
  kind: 'first' | 'renewal';
  /** The first debit's order; renewals create their order when they are collected. */
  order_id: string | null;
  /** Renewal: the period end it continues, and the grace attempt (0 at the period end). */
  period_end: IsoTimestamp | null;
  attempt: number;
  product_id: string;
  amount_cents: number;
  payment_method_id: string;
  mandate_reference: string;
  /** When the debit is collected; fixed when the notice is sent (never sooner than the notice period). */
  collect_at: IsoTimestamp;
  /** Null until the mail went out. */
  sent_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

export interface SepaTables {
  sepa_mandate: SepaMandateTable;
  sepa_prenotification: SepaPrenotificationTable;
}
