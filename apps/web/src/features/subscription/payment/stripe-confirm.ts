import type { PaymentIntentResult, Stripe, StripeCardElement, StripeIbanElement } from '@stripe/stripe-js';
import type { BillingDetails, ConfirmPaymentInput, ConfirmPaymentResult } from './types';

/**
 * Stripe mode: stripe.confirmCardPayment / confirmSepaDebitPayment with the Elements the user
 * typed into and the same billing details as the sandbox. Only types are imported here; the
 * libraries themselves arrive with StripePaymentFields (a chunk of its own, loaded in Stripe mode).
 */
export interface StripeElementsOf {
  card: StripeCardElement | null;
  iban: StripeIbanElement | null;
}

/** Stripe.js refuses empty strings in billing details: leave out what the user did not give. */
export function stripeBillingDetails(billing: BillingDetails) {
  const address = Object.fromEntries(
    Object.entries(billing.address).filter(([, value]) => value.trim() !== ''),
  ) as Partial<BillingDetails['address']>;
  return {
    name: billing.name,
    email: billing.email,
    ...(Object.keys(address).length > 0 ? { address } : {}),
  };
}

export function resultOfStripe(result: PaymentIntentResult): ConfirmPaymentResult {
  if (result.error) {
    return {
      status: 'failed',
      code: result.error.code ?? null,
      declineCode: result.error.decline_code ?? null,
      message: result.error.message ?? '',
    };
  }
  const intent = result.paymentIntent;
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  if (intent.status === 'processing') return { status: 'processing' };
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) return { status: 'redirect', url: redirect };
  const error = intent.last_payment_error;
  return {
    status: 'failed',
    code: error?.code ?? null,
    declineCode: error?.decline_code ?? null,
    message: error?.message ?? '',
  };
}

export async function confirmWithStripe(
  stripe: Stripe,
  elements: StripeElementsOf,
  input: ConfirmPaymentInput,
): Promise<ConfirmPaymentResult> {
  const billing_details = stripeBillingDetails(input.billing);
  if (input.method === 'card') {
    if (!elements.card)
      return { status: 'failed', code: 'incomplete_number', declineCode: null, message: '' };
    return resultOfStripe(
      await stripe.confirmCardPayment(input.secret, {
        payment_method: { card: elements.card, billing_details },
        return_url: input.returnUrl,
      }),
    );
  }
  if (!elements.iban) return { status: 'failed', code: 'incomplete_iban', declineCode: null, message: '' };
  return resultOfStripe(
    await stripe.confirmSepaDebitPayment(input.secret, {
      payment_method: { sepa_debit: elements.iban, billing_details },
      return_url: input.returnUrl,
    }),
  );
}
