import Stripe from 'stripe';
import { randomToken } from './ids.ts';
import type { SandboxMandate } from './mandates.ts';

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

export const toTimestamp = (date: Date): Timestamp => Math.floor(date.getTime() / 1000);

export const clientSecretFor = (id: string): string => `${id}_secret_${randomToken(25)}`;

export function stripeAddress(input: Partial<StripeAddress> | undefined): StripeAddress {
  return {
    city: input?.city || null,
    country: input?.country || null,
    line1: input?.line1 || null,
    line2: input?.line2 || null,
    postal_code: input?.postal_code || null,
    state: input?.state || null,
  };
}

export function customerObject(input: {
  id: string;
  created: Timestamp;
  email: string | null;
  name: string | null;
  address: StripeAddress | null;
  metadata: Metadata;
}): SandboxCustomer {
  return {
    address: input.address,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    id: input.id,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    object: 'customer',
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function paymentIntentObject(input: {
  id: string;
  created: Timestamp;
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Metadata;
  paymentMethodTypes: string[];
  setupFutureUsage: 'off_session' | 'on_session' | null;
}): SandboxPaymentIntent {
  return {
    allowed_payment_method_types: input.paymentMethodTypes,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecretFor(input.id),
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    id: input.id,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    next_action: null,
    object: 'payment_intent',
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: input.setupFutureUsage,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: null,
    transfer_group: null,
    source: null,
    excluded_payment_method_types: null,
    customer_account: null,
    managed_payments: { enabled: false },
  };
}

export interface BillingDetailsInput {
  name: string | null;
  email: string | null;
  address?: Partial<StripeAddress>;
}

export function paymentMethodObject(
  input: { id: string; created: Timestamp; billing: BillingDetailsInput } & (
    | {
        type: 'card';
        card: { brand: string; expMonth: number; expYear: number; last4: string; fingerprint: string };
      }
    | {
        type: 'sepa_debit';
        sepa: { bankCode: string; country: string; last4: string; fingerprint: string };
      }
  ),
): SandboxPaymentMethod {
  const details =
    input.type === 'card'
      ? {
          card: {
            brand: input.card.brand,
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
            country: 'US',
            display_brand: input.card.brand,
            exp_month: input.card.expMonth,
            exp_year: input.card.expYear,
            fingerprint: input.card.fingerprint,
            funding: 'credit',
            generated_from: null,
            last4: input.card.last4,
            networks: { available: [input.card.brand], preferred: null },
            three_d_secure_usage: { supported: true },
            wallet: null,
            regulated_status: null,
          },
        }
      : {
          sepa_debit: {
            bank_code: input.sepa.bankCode,
            branch_code: '',
            country: input.sepa.country,
            fingerprint: input.sepa.fingerprint,
            generated_from: { charge: null, setup_attempt: null },
            last4: input.sepa.last4,
          },
        };
  return {
    allow_redisplay: 'unspecified',
    billing_details: {
      address: stripeAddress(input.billing.address),
      email: input.billing.email,
      name: input.billing.name,
      phone: null,
      tax_id: null,
    },
    ...details,
    created: input.created,
    customer: null,
    id: input.id,
    livemode: false,
    metadata: {},
    object: 'payment_method',
    type: input.type,
    customer_account: null,
  };
}

export function setupIntentObject(input: {
  id: string;
  created: Timestamp;
  customer: string | null;
  metadata: Metadata;
  paymentMethodTypes: string[];
}): SandboxSetupIntent {
  return {
    allowed_payment_method_types: input.paymentMethodTypes,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecretFor(input.id),
    created: input.created,
    customer: input.customer,
    description: null,
    flow_directions: null,
    id: input.id,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    object: 'setup_intent',
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: 'off_session',
    excluded_payment_method_types: null,
  };
}

export function checkoutSessionObject(input: {
  id: string;
  created: Timestamp;
  expiresAt: Timestamp;
  customer: string;
  customerEmail: string | null;
  metadata: Metadata;
  paymentMethodTypes: string[];
  setupIntent: string;
  successUrl: string;
  cancelUrl: string | null;
  url: string;
}): SandboxCheckoutSession {
  return {
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: input.paymentMethodTypes,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, status: null, provider: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: null,
    client_secret: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: input.customer,
    customer_creation: null,
    customer_details: input.customerEmail
      ? {
          address: null,
          email: input.customerEmail,
          name: null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: null,
          business_name: null,
          individual_name: null,
        }
      : null,
    customer_email: null,
    expires_at: input.expiresAt,
    id: input.id,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    metadata: input.metadata,
    mode: 'setup',
    object: 'checkout.session',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: input.paymentMethodTypes,
    payment_status: 'no_payment_required',
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: input.setupIntent,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: null,
    ui_mode: 'hosted',
    url: input.url,
    adaptive_pricing: null,
    discounts: [],
    collected_information: null,
    permissions: null,
    wallet_options: null,
    origin_context: null,
    currency_conversion: null,
    customer_account: null,
    integration_identifier: null,
    managed_payments: { enabled: false },
  };
}

/** A refund in the shape of Stripe's example (reference/stripe-fixtures3.json: refund). */
export function refundObject(input: {
  id: string;
  created: Timestamp;
  amount: number;
  currency: string;
  intent: SandboxPaymentIntent;
  method: SandboxPaymentMethod | null;
  metadata: Metadata;
  reason: string | null;
}): SandboxRefund {
  const type = input.method?.type ?? 'card';
  return {
    amount: input.amount,
    balance_transaction: null,
    charge: input.intent.latest_charge,
    created: input.created,
    currency: input.currency,
    destination_details: type === 'card' ? { card: { type: 'refund' }, type: 'card' } : { type },
    id: input.id,
    metadata: input.metadata,
    object: 'refund',
    payment_intent: input.intent.id,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
    customer: input.intent.customer,
    customer_account: null,
    payment_method: input.method?.id ?? null,
  };
}

/** The charge of a succeeded intent with its refunds (Stripe's charge example's fields). */
export function chargeObject(input: {
  intent: SandboxPaymentIntent;
  method: SandboxPaymentMethod | null;
  refunds: SandboxRefund[];
  /** SEPA: the mandate the debit is made under (payment_method_details.sepa_debit.mandate). */
  mandate?: string | null;
}): SandboxCharge {
  const { intent, method } = input;
  const details =
    method?.type === 'sepa_debit' ? { ...method.sepa_debit, mandate: input.mandate ?? null } : method?.card;
  const id = intent.latest_charge ?? `ch_${intent.id.slice(3)}`;
  const refunded = input.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const type = method?.type ?? 'card';
  return {
    amount: intent.amount,
    amount_captured: intent.amount_received,
    amount_refunded: refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: method?.billing_details ?? null,
    calculated_statement_descriptor: null,
    captured: true,
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    id,
    livemode: false,
    metadata: intent.metadata,
    object: 'charge',
    on_behalf_of: null,
    outcome: null,
    paid: true,
    payment_intent: intent.id,
    payment_method: method?.id ?? intent.payment_method,
    payment_method_details: method ? { [type]: details ?? null, type } : null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: refunded >= intent.amount_received,
    refunds: { data: input.refunds, has_more: false, object: 'list', url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    // A SEPA debit's charge is pending until it settles.
    status: intent.status === 'processing' ? 'pending' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function eventObject(input: {
  id: string;
  created: Timestamp;
  type: string;
  object: SandboxObject;
  request: { id: string | null; idempotency_key: string | null };
}): SandboxEvent {
  return {
    api_version: Stripe.API_VERSION,
    created: input.created,
    data: { object: input.object },
    id: input.id,
    livemode: false,
    object: 'event',
    pending_webhooks: 1,
    request: input.request,
    type: input.type,
  };
}
