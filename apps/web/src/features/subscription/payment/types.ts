/**
 * The one interface between the payment form and the card provider (account-area section 7: the
 * provider confirms card or SEPA payment client-side with the secret and the billing details).
 * Two implementations: the sandbox (our own fields, confirmed against /sandbox/stripe/v1 the way
 * Stripe.js does) and Stripe (Stripe Elements and Stripe.js, loaded only in that mode).
 */
export type PaymentMethodKind = 'card' | 'sepa_debit';

export interface BillingDetails {
  name: string;
  email: string;
  address: {
    line1: string;
    city: string;
    postal_code: string;
    /** ISO 3166-1 alpha-2, '' when unknown. */
    country: string;
  };
}

export interface ConfirmPaymentInput {
  /** The client secret of POST /v1/subscription/change/request. */
  secret: string;
  method: PaymentMethodKind;
  billing: BillingDetails;
  /** Absolute URL the provider returns to after a 3-D Secure step. */
  returnUrl: string;
}

export type ConfirmPaymentResult =
  | { status: 'succeeded' }
  /** SEPA: the debit is under way; the order is paid when it settles. */
  | { status: 'processing' }
  /** 3-D Secure: the browser must go to the bank's page, which comes back to the return URL. */
  | { status: 'redirect'; url: string }
  /** Refused by the provider: its code (mapped by CARD_ERROR_KEYS) and its own message. */
  | { status: 'failed'; code: string | null; declineCode: string | null; message: string };

export interface PaymentConfirmer {
  /**
   * Checks what the user entered for `method` before any order is created; shows the errors at
   * the fields and answers false when something is missing or invalid.
   */
  validate(method: PaymentMethodKind): boolean;
  confirmPayment(input: ConfirmPaymentInput): Promise<ConfirmPaymentResult>;
}

/** A provider code of the field checks, and the provider's own text for codes outside the table. */
export interface FieldError {
  code: string;
  message?: string;
}

/** The secret's payment intent id: the part before `_secret_` (as Stripe.js reads it). */
export function paymentIntentIdOf(secret: string): string {
  const index = secret.indexOf('_secret_');
  return index > 0 ? secret.slice(0, index) : secret;
}
