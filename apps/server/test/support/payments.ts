import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StripeSandboxTables } from '@pet/stripe-sandbox';
import type { PaymentProvider } from '../../src/platform/payments/index.ts';

/**
 * Driving the payments sandbox as a browser and as Stripe's dashboard would: the confirm that
 * Stripe.js sends with the client secret, the 3-D Secure page, the hosted checkout page, and the
 * events the sandbox stored.
 */

/** Our database with the sandbox's own tables (packages/stripe-sandbox), for tests that look inside. */
export const sandboxTables = (app: FastifyInstance) => app.db.withTables<StripeSandboxTables>();

export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  threeDSecure: '4000002500003155',
  chargesDeclined: '4000000000000341',
} as const;

export const TEST_IBANS = {
  settles: 'DE89370400440532013000',
  fails: 'DE62370400440532013001',
  /** Any other IBAN with a valid checksum settles too. */
  otherValid: 'AT611904300234573201',
  badChecksum: 'DE89370400440532013001',
} as const;

export const RETURN_URL = 'http://localhost:3000/my-account/subscription/successful';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export type BrowserMethod =
  | { card: string; expMonth?: string; expYear?: string; cvc?: string | null }
  | { iban: string; name?: string; email?: string };

/** The browser's confirmation as Stripe.js sends it: form-encoded, authenticated by the client secret alone. */
export function confirmInBrowser(
  app: FastifyInstance,
  clientSecret: string,
  method: BrowserMethod,
  options: { returnUrl?: string; publishableKey?: string } = {},
): Promise<LightMyRequestResponse> {
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const fields: Record<string, string> = {
    client_secret: clientSecret,
    return_url: options.returnUrl ?? RETURN_URL,
    'payment_method_data[billing_details][address][line1]': 'Hauptstraße 1',
    'payment_method_data[billing_details][address][city]': 'Berlin',
    'payment_method_data[billing_details][address][postal_code]': '10115',
    'payment_method_data[billing_details][address][country]': 'DE',
  };
  if (options.publishableKey) fields.key = options.publishableKey;
  if ('card' in method) {
    fields['payment_method_data[type]'] = 'card';
    fields['payment_method_data[billing_details][name]'] = 'Erika Mustermann';
    fields['payment_method_data[card][number]'] = method.card;
    fields['payment_method_data[card][exp_month]'] = method.expMonth ?? '12';
    fields['payment_method_data[card][exp_year]'] = method.expYear ?? String(new Date().getUTCFullYear() + 3);
    if (method.cvc !== null) fields['payment_method_data[card][cvc]'] = method.cvc ?? '123';
  } else {
    fields['payment_method_data[type]'] = 'sepa_debit';
    fields['payment_method_data[sepa_debit][iban]'] = method.iban;
    fields['payment_method_data[billing_details][name]'] = method.name ?? 'Erika Mustermann';
    fields['payment_method_data[billing_details][email]'] = method.email ?? 'erika@example.org';
    fields['mandate_data[customer_acceptance][type]'] = 'online';
    fields['mandate_data[customer_acceptance][online][ip_address]'] = '127.0.0.1';
    fields['mandate_data[customer_acceptance][online][user_agent]'] = 'vitest';
  }
  return app.inject({
    method: 'POST',
    url: `/sandbox/stripe/v1/payment_intents/${paymentIntentId}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}

/** The path (and query) of a sandbox page URL such as next_action.redirect_to_url.url or a session's url. */
export const pathOf = (url: string): string => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** Opens the 3-D Secure page and presses Complete or Fail (the page's own form). */
export async function answerThreeDSecure(
  app: FastifyInstance,
  redirectUrl: string,
  outcome: 'complete' | 'fail',
): Promise<{ page: LightMyRequestResponse; answer: LightMyRequestResponse }> {
  const page = await app.inject({ method: 'GET', url: pathOf(redirectUrl) });
  const action = formAction(page.body, outcome);
  const answer = await app.inject({
    method: 'POST',
    url: action.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(action.fields),
  });
  return { page, answer };
}

/** The action and hidden fields of the page's form whose hidden `outcome` (or `type`) is `value`. */
export function formAction(html: string, value: string): { path: string; fields: Record<string, string> } {
  const forms = [...html.matchAll(/<form method="post" action="([^"]+)">([\s\S]*?)<\/form>/g)];
  for (const [, path, body] of forms) {
    const fields: Record<string, string> = {};
    for (const [, name, fieldValue] of body!.matchAll(
      /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
    )) {
      fields[name!] = fieldValue!.replace(/&amp;/g, '&');
    }
    if (Object.values(fields).includes(value)) return { path: path!, fields };
  }
  throw new Error(`no form for ${value} on the page`);
}

/** Fills and sends the hosted checkout page's card or SEPA form. */
export async function submitCheckout(
  app: FastifyInstance,
  sessionUrl: string,
  fields:
    | { type: 'card'; number: string; exp?: string; cvc?: string; name?: string }
    | {
        type: 'sepa_debit';
        iban: string;
        name?: string;
        email?: string;
      },
): Promise<{ page: LightMyRequestResponse; answer: LightMyRequestResponse }> {
  const page = await app.inject({ method: 'GET', url: pathOf(sessionUrl) });
  const action = formAction(page.body, fields.type);
  const values: Record<string, string> =
    fields.type === 'card'
      ? {
          number: fields.number,
          exp: fields.exp ?? `12 / ${String((new Date().getUTCFullYear() + 3) % 100)}`,
          cvc: fields.cvc ?? '123',
          name: fields.name ?? 'Erika Mustermann',
        }
      : {
          iban: fields.iban,
          name: fields.name ?? 'Erika Mustermann',
          email: fields.email ?? 'erika@example.org',
        };
  const answer = await app.inject({
    method: 'POST',
    url: action.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({ ...action.fields, ...values }),
  });
  return { page, answer };
}

/** The events the sandbox emitted for an object, oldest first. */
export async function sandboxEvents(app: FastifyInstance, objectId: string) {
  return sandboxTables(app)
    .selectFrom('stripe_sandbox_event')
    .selectAll()
    .where('object_id', '=', objectId)
    .orderBy('sequence')
    .execute();
}

/** A customer for the tests, as the subscription module creates one. */
export async function newCustomer(
  provider: PaymentProvider,
  suffix: string = crypto.randomUUID(),
): Promise<string> {
  return provider.createCustomer({
    email: `buyer-${suffix}@example.org`,
    name: 'Erika Mustermann',
    userId: `user-${suffix}`,
    partnerId: 'primepet',
    address: { line1: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    idempotencyKey: `customer-${suffix}`,
  });
}
