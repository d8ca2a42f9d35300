import type { IsoTimestamp } from '../schema.ts';

/**
 * Credit notes (modules/subscription/invoices.service.ts): the correction document of a paid order
 * the operator refunded (`npm run admin -- order refund <ORDER_ID>`). A credit note has a number
 * series of its own per brand (e.g. PP-G-2026-000001), consecutive and gap-free like the invoice
 * numbers, and is never deleted: like invoices it is a tax document that must be kept.
 */
export interface CreditNoteTable {
  id: string;
  partner_id: string;
  user_id: string;
  /** The refunded order (one credit note per order: a refund is always the full amount). */
  order_id: string;
  /** Shown on the document, e.g. PP-G-2026-000001. */
  credit_note_number: string;
  /** Consecutive per brand, assigned in the transaction that records the credit note. */
  credit_note_seq: number;
  /** The amount refunded (positive cents; the document shows it negative). */
  amount_cents: number;
  /** The payment provider's refund id (re_...). */
  refund_id: string;
  /** The provider's refund status when it was recorded (succeeded, pending). */
  refund_status: string;
  created_at: IsoTimestamp;
}

/** The last credit-note number handed out per brand (the row is locked while a number is taken). */
export interface CreditNoteCounterTable {
  partner_id: string;
  last_seq: number;
}

export interface CreditNoteTables {
  credit_note: CreditNoteTable;
  credit_note_counter: CreditNoteCounterTable;
}
