import type { SandboxMandate } from '../mandates.ts';

/**
 * The Stripe objects the sandbox answers, with the fields (and their order) of Stripe's published
 * examples (reference/stripe-fixtures3.json: customer, payment_intent, payment_method, setup_intent,
 * checkout.session, event), plus allowed_payment_method_types, which the SDK's API version
 * (2026-10-28) added. Only the fields the sandbox sets are typed; the rest keep Stripe's neutral
 * values so that code parsing them sees what Stripe sends.
 */

export type Metadata = Record<string, string>;
/** Epoch seconds, as Stripe counts time. */
export type Timestamp = number;

export interface StripeAddress {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface StripeLastError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  doc_url?: string;
  message: string;
  param?: string;
  payment_method?: SandboxPaymentMethod;
}

export interface SandboxCustomer {
  id: string;
  object: 'customer';
  address: StripeAddress | null;
  created: Timestamp;
  email: string | null;
  invoice_settings: { default_payment_method: string | null; [field: string]: unknown };
  metadata: Metadata;
  name: string | null;
  [field: string]: unknown;
}

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  canceled_at: Timestamp | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: Timestamp;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: StripeLastError | null;
  latest_charge: string | null;
  metadata: Metadata;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { return_url: string | null; url: string };
  } | null;
  payment_method: string | null;
  payment_method_types: string[];
  setup_future_usage: 'off_session' | 'on_session' | null;
  status: PaymentIntentStatus;
  [field: string]: unknown;
}

export interface SandboxPaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: {
    address: StripeAddress;
    email: string | null;
    name: string | null;
    phone: string | null;
    tax_id: string | null;
  };
  created: Timestamp;
  customer: string | null;
  metadata: Metadata;
  type: 'card' | 'sepa_debit';
  card?: {
    brand: string;
    country: string | null;
    exp_month: number;
    exp_year: number;
    last4: string;
    [field: string]: unknown;
  };
  sepa_debit?: {
    bank_code: string;
    branch_code: string;
    country: string;
    fingerprint: string;
    last4: string;
    [field: string]: unknown;
  };
  [field: string]: unknown;
}

export type SetupIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'canceled'
  | 'succeeded';

export interface SandboxSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  created: Timestamp;
  customer: string | null;
  last_setup_error: StripeLastError | null;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: string[];
  status: SetupIntentStatus;
  [field: string]: unknown;
}

export interface SandboxCheckoutSession {
  id: string;
  object: 'checkout.session';
  cancel_url: string | null;
  created: Timestamp;
  customer: string | null;
  expires_at: Timestamp;
  metadata: Metadata;
  mode: 'setup' | 'payment' | 'subscription';
  payment_method_types: string[];
  setup_intent: string | null;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  [field: string]: unknown;
}

export interface SandboxRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string | null;
  created: Timestamp;
  currency: string;
  customer: string | null;
  metadata: Metadata;
  payment_intent: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  [field: string]: unknown;
}

/** The charge of a payment intent, as the charge.refunded event carries it (the sandbox keeps no charges). */
export interface SandboxCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  customer: string | null;
  payment_intent: string | null;
  refunded: boolean;
  refunds: { data: SandboxRefund[]; has_more: boolean; object: 'list'; url: string };
  [field: string]: unknown;
}

export type SandboxObject =
  | SandboxCustomer
  | SandboxPaymentIntent
  | SandboxPaymentMethod
  | SandboxSetupIntent
  | SandboxCheckoutSession
  | SandboxRefund
  | SandboxCharge
  | SandboxMandate;

export interface SandboxEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: Timestamp;
  data: { object: SandboxObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}
