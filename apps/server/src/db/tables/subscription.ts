import type { ColumnType } from 'kysely';
import type { DbBool, IsoTimestamp } from '../schema.ts';

/**
 * The paid half (modules/subscription): orders with their invoice numbers, coupons and their
 * redemptions, the per-brand invoice counter and the webhook events already handled. The current
 * plan itself stays in user_subscription (db/tables/identity.ts), the one place it is read from.
 */

export type OrderStatusValue = 'placed' | 'processing' | 'paid' | 'failed';
export type OrderKind = 'purchase' | 'renewal';
export type PayTypeValue = 'monthly' | 'yearly';
export type PaymentTypeValue = 'card' | 'sepa_debit';

export interface SubscriptionOrderTable {
  id: string;
  partner_id: string;
  user_id: string;
  /** Shown to the user and on the invoice. */
  order_number: string;
  kind: OrderKind;
  status: OrderStatusValue;
  product_id: string;
  price_id: string;
  pay_type: PayTypeValue;
  /** Length of the period this order pays for (1, 12 or 24). */
  period_months: number;
  /** When the buyer asked that the plan start at once (withdrawal: only the unused share is refunded). */
  start_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Amounts in cents, computed by the server: total = plan + tracker - discount - proration. */
  amount_cents: number;
  plan_cents: number;
  tracker_cents: number;
  discount_cents: number;
  /** Credit for the unused part of the plan the order replaces (a positive number). */
  proration_cents: number;
  coupon_id: string | null;
  payment_intent_id: string | null;
  payment_type: PaymentTypeValue | null;
  payment_method_id: string | null;
  billing_name: string;
  billing_email: string;
  billing_street: string;
  billing_address: string;
  billing_zipcode: string;
  billing_city: string;
  billing_country: string;
  billing_phone: string;
  /** Set when paid: the period the order pays for. */
  period_start: IsoTimestamp | null;
  period_end: IsoTimestamp | null;
  /** Consecutive per brand, assigned in the transaction that marks the order paid. */
  invoice_number: string | null;
  invoice_seq: number | null;
  paid_at: IsoTimestamp | null;
  failure_code: string | null;
  failure_message: string | null;
  /** SEPA: the mandate reference the order was debited under (printed on its invoice). */
  mandate_reference: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** The last invoice number handed out per brand (the row is locked while a number is taken). */
export interface InvoiceCounterTable {
  partner_id: string;
  last_seq: number;
}

export type CouponAppliesTo = 'new' | 'existing' | 'any';
export type CouponDuration = 'once' | 'forever' | 'repeating';

export interface CouponTable {
  id: string;
  partner_id: string;
  /** Upper case; unique per brand. */
  code: string;
  percent_off: number | null;
  amount_off_cents: number | null;
  /** JSON array of product ids; null: every plan. */
  product_ids: string | null;
  /** Billing interval the coupon is for; null: both. */
  pay_type: PayTypeValue | null;
  applies_to: CouponAppliesTo;
  valid_from: IsoTimestamp | null;
  valid_until: IsoTimestamp | null;
  max_redemptions: number | null;
  redemption_count: number;
  duration: CouponDuration;
  /** For repeating coupons: how many months of renewals it still discounts. */
  duration_months: number | null;
  disabled: DbBool;
  created_at: IsoTimestamp;
}

/** One user's redemption of one coupon (once per user: unique coupon and user). */
export interface CouponRedemptionTable {
  id: string;
  coupon_id: string;
  user_id: string;
  order_id: string;
  redeemed_at: IsoTimestamp;
}

/** Webhook events handled, by the provider's event id: a duplicate is answered and ignored. */
export interface PaymentWebhookEventTable {
  id: string;
  type: string;
  received_at: IsoTimestamp;
  processed_at: IsoTimestamp | null;
}

/** One row (id 1): moved by triggers on every write to product or coupon (migration 0114). */
export interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface SubscriptionTables {
  subscription_order: SubscriptionOrderTable;
  catalogue_version: CatalogueVersionTable;
  invoice_counter: InvoiceCounterTable;
  coupon: CouponTable;
  coupon_redemption: CouponRedemptionTable;
  payment_webhook_event: PaymentWebhookEventTable;
}
