import { clientSecretFor } from './common.ts';
import type {
  Metadata,
  SandboxCharge,
  SandboxPaymentIntent,
  SandboxPaymentMethod,
  SandboxRefund,
  Timestamp,
} from './types.ts';

/** A payment intent as Stripe's example has it, waiting for a payment method. */
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
