import { clientSecretFor } from './common.ts';
import type { Metadata, SandboxCheckoutSession, SandboxSetupIntent, Timestamp } from './types.ts';

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
