import { REQUEST_TIMEOUT_MS } from '@pet/contract';
import { digitsOnly, electronicIban } from './card-validation';
import { paymentIntentIdOf, type ConfirmPaymentInput, type ConfirmPaymentResult } from './types';

/**
 * Confirms a payment intent against the in-process Stripe sandbox exactly as Stripe.js confirms
 * against Stripe: POST /sandbox/stripe/v1/payment_intents/{id}/confirm with the publishable key
 * as bearer and a form-encoded body (client_secret, return_url, payment_method_data[...],
 * mandate_data for SEPA). Not a /v1 call of our API, hence plain fetch and not the API client.
 */
export const SANDBOX_API_BASE = '/sandbox/stripe/v1';

export interface SandboxCardDetails {
  /** As typed (spaces allowed). */
  number: string;
  /** MM / YY as typed. */
  expiry: string;
  cvc: string;
}

export interface SandboxConfirmInput extends ConfirmPaymentInput {
  publishableKey: string | null;
  card?: SandboxCardDetails;
  iban?: string;
}

/** Raised when the sandbox could not be reached or did not answer in time: nothing to show of it. */
export class SandboxUnreachableError extends Error {
  constructor(
    readonly kind: 'network' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(
      kind === 'timeout'
        ? 'The payment provider did not answer in time'
        : 'The payment provider could not be reached',
      options,
    );
    this.name = 'SandboxUnreachableError';
  }
}

/** The form body Stripe.js sends for confirmCardPayment / confirmSepaDebitPayment. */
export function sandboxConfirmBody(input: SandboxConfirmInput): URLSearchParams {
  const body = new URLSearchParams();
  body.set('client_secret', input.secret);
  body.set('return_url', input.returnUrl);
  body.set('payment_method_data[type]', input.method);
  if (input.method === 'card') {
    const card = input.card ?? { number: '', expiry: '', cvc: '' };
    const expiry = digitsOnly(card.expiry);
    body.set('payment_method_data[card][number]', digitsOnly(card.number));
    body.set('payment_method_data[card][exp_month]', String(Number(expiry.slice(0, 2))));
    body.set('payment_method_data[card][exp_year]', String(2000 + Number(expiry.slice(2, 4))));
    body.set('payment_method_data[card][cvc]', digitsOnly(card.cvc));
  } else {
    body.set('payment_method_data[sepa_debit][iban]', electronicIban(input.iban ?? ''));
  }
  const { billing } = input;
  body.set('payment_method_data[billing_details][name]', billing.name);
  body.set('payment_method_data[billing_details][email]', billing.email);
  body.set('payment_method_data[billing_details][address][line1]', billing.address.line1);
  body.set('payment_method_data[billing_details][address][city]', billing.address.city);
  body.set('payment_method_data[billing_details][address][postal_code]', billing.address.postal_code);
  body.set('payment_method_data[billing_details][address][country]', billing.address.country);
  if (input.method === 'sepa_debit') body.set('mandate_data[customer_acceptance][type]', 'online');
  return body;
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; message?: string };
}

interface PaymentIntentBody {
  object?: string;
  status?: string;
  next_action?: { type?: string; redirect_to_url?: { url?: string } } | null;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
}

/** A PaymentIntent (or Stripe error) answer as the form's result. */
export function resultOfAnswer(status: number, body: unknown): ConfirmPaymentResult {
  if (status < 200 || status >= 300) {
    const error = (body as StripeErrorBody | null)?.error;
    return {
      status: 'failed',
      code: error?.code ?? null,
      declineCode: error?.decline_code ?? null,
      message: error?.message ?? '',
    };
  }
  const intent = (body ?? {}) as PaymentIntentBody;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded' };
    case 'processing':
      return { status: 'processing' };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      if (url) return { status: 'redirect', url };
      break;
    }
    default:
      break;
  }
  const error = intent.last_payment_error;
  return {
    status: 'failed',
    code: error?.code ?? null,
    declineCode: error?.decline_code ?? null,
    message: error?.message ?? '',
  };
}

export async function confirmWithSandbox(
  input: SandboxConfirmInput,
  timeoutMs: number = REQUEST_TIMEOUT_MS,
): Promise<ConfirmPaymentResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded',
    Accept: 'application/json',
  };
  if (input.publishableKey) headers.Authorization = `Bearer ${input.publishableKey}`;
  try {
    const response = await fetch(
      `${SANDBOX_API_BASE}/payment_intents/${encodeURIComponent(paymentIntentIdOf(input.secret))}/confirm`,
      { method: 'POST', headers, body: sandboxConfirmBody(input).toString(), signal: controller.signal },
    );
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      body = null;
    }
    return resultOfAnswer(response.status, body);
  } catch (error) {
    throw new SandboxUnreachableError(timedOut ? 'timeout' : 'network', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
