/**
 * The payment provider as the subscription module sees it (DESIGN.md section 7): it only moves
 * money; the subscription module owns plans, orders and periods. One implementation exists, the
 * adapter on the official `stripe` SDK (stripe-provider.ts). It talks to Stripe when
 * STRIPE_SECRET_KEY is set and otherwise to the in-process Stripe-compatible sandbox
 * (sandbox/), so the code path production uses runs in every test and every demo.
 *
 * Amounts are integer cents in EUR. Every call that creates or changes something takes an
 * idempotency key, sent as Stripe's Idempotency-Key header: a retried call never charges twice.
 */

export type PaymentMethodType = 'card' | 'sepa_debit';

export type PaymentIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** Stripe's last_payment_error, reduced to what we show and log. */
export interface PaymentError {
  /** Stripe's error code, e.g. card_declined, expired_card, incorrect_cvc. */
  code: string | null;
  /** Stripe's decline_code, e.g. insufficient_funds. */
  declineCode: string | null;
  message: string;
}

export interface PaymentIntentInfo {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** Handed to the browser, which confirms with it (Stripe.js or the sandbox form). */
  clientSecret: string | null;
  customerId: string | null;
  /** Set once a method was attached (after confirmation). */
  paymentMethodId: string | null;
  /** The type actually used, once known. */
  paymentMethodType: PaymentMethodType | null;
  lastError: PaymentError | null;
  /** Our references: order_id, user_id, partner_id, kind (purchase | renewal). */
  metadata: Record<string, string>;
  /** Epoch seconds. */
  created: number;
  /** SEPA: the mandate the debit is made under (its latest charge's), once confirmed. */
  mandateId: string | null;
  /** SEPA: the day the debit is collected (YYYY-MM-DD), when the intent was created with one. */
  sepaTargetDate: string | null;
  /** requires_action: where the customer completes 3-D Secure (Stripe's redirect_to_url). */
  nextActionUrl?: string | null;
}

/** A SEPA direct-debit mandate (Stripe's mandate object). */
export interface MandateInfo {
  id: string;
  /** The mandate reference (Mandatsreferenz) the customer's bank shows. */
  reference: string;
  paymentMethodId: string;
}

export interface PaymentMethodInfo {
  id: string;
  type: PaymentMethodType;
  /** Last four digits of the card number or the IBAN. */
  last4: string | null;
  /** Card brand (visa, mastercard, ...); null for SEPA. */
  brand: string | null;
  expMonth: number | null;
  expYear: number | null;
  /** SEPA: the bank code and country, for the invoice's mandate notice. */
  bankCode: string | null;
  country: string | null;
}

export interface CheckoutSessionInfo {
  id: string;
  /** Where to send the browser (the hosted page). */
  url: string | null;
  mode: 'setup' | 'payment' | 'subscription';
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  /** Setup mode: the setup intent, whose payment_method is the new method once complete. */
  setupIntentId: string | null;
  metadata: Record<string, string>;
}

export interface SetupIntentInfo {
  id: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'canceled'
    | 'succeeded';
  customerId: string | null;
  paymentMethodId: string | null;
  metadata: Record<string, string>;
  /** SEPA: the mandate the customer gave with the new account. */
  mandateId: string | null;
}

export interface CustomerInput {
  email: string;
  name: string;
  /** Our user id, kept in the customer's metadata. */
  userId: string;
  partnerId: string;
  address?: {
    line1?: string | null;
    line2?: string | null;
    postalCode?: string | null;
    city?: string | null;
    country?: string | null;
  };
  idempotencyKey: string;
}

export interface CreatePaymentIntentInput {
  amountCents: number;
  customerId: string;
  /** Which methods the browser may confirm with. */
  paymentMethodTypes: PaymentMethodType[];
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
  /**
   * SEPA: the day (YYYY-MM-DD) the debit is to be collected, the one its pre-notification names
   * (Stripe's payment_method_options.sepa_debit.target_date).
   */
  sepaTargetDate?: string;
}

export interface OffSessionChargeInput {
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  description: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface OnSessionConfirmInput {
  paymentIntentId: string;
  paymentMethodId: string;
  /** Where the bank's page returns to. */
  returnUrl: string;
  idempotencyKey: string;
}

export interface SetupCheckoutInput {
  customerId: string;
  successUrl: string;
  cancelUrl: string;
  paymentMethodTypes: PaymentMethodType[];
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
}

/** Stripe's refund, reduced to what a credit note records. */
export interface RefundInfo {
  id: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  amountCents: number;
  paymentIntentId: string | null;
}

/** A verified webhook event, with its object mapped to our shapes. */
export type ProviderEvent =
  | {
      id: string;
      type:
        | 'payment_intent.succeeded'
        | 'payment_intent.processing'
        | 'payment_intent.payment_failed'
        | 'payment_intent.canceled'
        | 'payment_intent.requires_action';
      created: number;
      paymentIntent: PaymentIntentInfo;
    }
  | { id: string; type: 'checkout.session.completed'; created: number; checkoutSession: CheckoutSessionInfo }
  | { id: string; type: 'other'; stripeType: string; created: number };

export interface ProviderEventPage {
  events: ProviderEvent[];
  hasMore: boolean;
}

/** Refused by the provider in a way the user caused (a declined card): the answer to show. */
export class PaymentDeclinedError extends Error {
  constructor(
    readonly error: PaymentError,
    readonly paymentIntent: PaymentIntentInfo | null,
  ) {
    super(error.message);
    this.name = 'PaymentDeclinedError';
  }
}

/** The provider could not be reached or failed: nothing was charged that we know of. */
export class PaymentProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderUnavailableError';
  }
}

export interface PaymentProvider {
  /** 'stripe' with real keys; 'sandbox' for the in-process Stripe-compatible sandbox. */
  readonly mode: 'stripe' | 'sandbox';
  /** What the browser needs: Stripe's publishable key, or the sandbox's. */
  readonly publishableKey: string;

  createCustomer(input: CustomerInput): Promise<string>;
  /** Makes a method the customer's default (invoice_settings.default_payment_method). */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<void>;

  /** A payment intent with setup_future_usage=off_session, confirmed later by the browser. */
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentInfo>;
  retrievePaymentIntent(id: string): Promise<PaymentIntentInfo>;
  /** Cancels an unconfirmed or failed intent; an already cancelled one is answered as it is. */
  cancelPaymentIntent(id: string, idempotencyKey: string): Promise<PaymentIntentInfo>;
  /**
   * Charges a saved method without the customer (renewals): confirm=true, off_session=true.
   * A decline does not throw: the intent comes back with requires_payment_method and lastError.
   * SEPA comes back processing.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<PaymentIntentInfo>;
  /**
   * Confirms an intent again with a saved method while the customer is present (a renewal that
   * needed 3-D Secure): requires_action comes back with nextActionUrl. A decline does not throw.
   */
  confirmOnSession(input: OnSessionConfirmInput): Promise<PaymentIntentInfo>;

  /** A hosted checkout session in setup mode (update payment details). */
  createSetupCheckoutSession(input: SetupCheckoutInput): Promise<CheckoutSessionInfo>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  retrieveSetupIntent(id: string): Promise<SetupIntentInfo>;
  retrievePaymentMethod(id: string): Promise<PaymentMethodInfo>;
  /** GET /v1/mandates/{id}: a SEPA mandate with its reference. */
  retrieveMandate(id: string): Promise<MandateInfo>;
  /** Refunds a succeeded payment (stripe.refunds.create); the same idempotency key refunds once. */
  refundPayment(input: RefundInput): Promise<RefundInfo>;

  /**
   * One page (newest first) of the events whose delivery to our webhook has not succeeded yet
   * (Stripe: GET /v1/events with delivery_success=false): pending retries and given-up ones.
   * `startingAfter` is the last event id of the previous page. Read over the authenticated API,
   * so no signature is involved.
   */
  listUndeliveredEvents(startingAfter?: string): Promise<ProviderEventPage>;

  /** Verifies Stripe's signature (stripe.webhooks.constructEvent, 300 s tolerance) and maps it. */
  verifyWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}
