import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { v1 } from '../identity-helpers.ts';
import { as } from './owners.ts';

/**
 * The buying path as the browser walks it: a payment request, then the confirmation that
 * Stripe.js (or our sandbox form) sends straight to the provider with the client secret, then
 * the provider's webhook deliveries (durable jobs, run here by hand).
 */

export interface Buyer {
  id: string;
  token: string;
}

export async function planOf(app: FastifyInstance, planKey: string, partnerId = 'primepet') {
  return app.db
    .selectFrom('product')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('plan_key', '=', planKey)
    .executeTakeFirstOrThrow();
}

export const BILLING = {
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  city: 'Berlin',
  country: 'DE',
  phone: '+49 30 1234567',
  street: 'Hauptstraße 1',
  zipcode: '10115',
  address: '',
};

/** POST /v1/subscription/change/request for a plan of the catalogue. */
export async function requestPayment(
  app: FastifyInstance,
  user: Buyer,
  options: {
    plan: string;
    payType?: 'monthly' | 'yearly';
    couponId?: string;
    partnerId?: string;
    host?: string;
    /** The checkout's request to start at once (withdrawal: only the unused share is refunded). */
    startConsent?: boolean;
  },
): Promise<LightMyRequestResponse> {
  const plan = await planOf(app, options.plan, options.partnerId);
  const payType = options.payType ?? 'yearly';
  const priceId = (payType === 'monthly' ? plan.monthly_price_id : plan.yearly_price_id) ?? 'none';
  return v1(
    app,
    'POST',
    '/v1/subscription/change/request',
    {
      price_id: priceId,
      product_id: plan.id,
      pay_type: payType,
      ...BILLING,
      ...(options.couponId ? { coupon_id: options.couponId } : {}),
      ...(options.startConsent !== undefined ? { start_consent: options.startConsent } : {}),
    },
    { ...as(user), ...(options.host ? { host: options.host } : {}) },
  );
}

/** A placed order: its id and the client secret. */
export async function placeOrder(
  app: FastifyInstance,
  user: Buyer,
  options: Parameters<typeof requestPayment>[2],
): Promise<{ orderId: string; secret: string; paymentIntentId: string }> {
  const res = await requestPayment(app, user, options);
  expect(res.statusCode, res.body).toBe(200);
  const { order_id: orderId, secret } = res.json() as { order_id: string; secret: string };
  return { orderId, secret, paymentIntentId: secret.split('_secret_')[0]! };
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** The browser's confirmation, as Stripe.js sends it: form-encoded, the client secret alone. */
export function confirmWith(
  app: FastifyInstance,
  secret: string,
  method: { card: string; expYear?: string; cvc?: string } | { iban: string },
  returnUrl = 'http://localhost:3000/my-account/subscription/successful',
): Promise<LightMyRequestResponse> {
  const paymentIntentId = secret.split('_secret_')[0]!;
  const fields: Record<string, string> = {
    client_secret: secret,
    return_url: returnUrl,
    'payment_method_data[billing_details][name]': BILLING.name,
    'payment_method_data[billing_details][email]': BILLING.email,
    'payment_method_data[billing_details][address][line1]': BILLING.street,
    'payment_method_data[billing_details][address][city]': BILLING.city,
    'payment_method_data[billing_details][address][postal_code]': BILLING.zipcode,
    'payment_method_data[billing_details][address][country]': BILLING.country,
  };
  if ('card' in method) {
    fields['payment_method_data[type]'] = 'card';
    fields['payment_method_data[card][number]'] = method.card;
    fields['payment_method_data[card][exp_month]'] = '12';
    fields['payment_method_data[card][exp_year]'] = method.expYear ?? String(new Date().getUTCFullYear() + 3);
    fields['payment_method_data[card][cvc]'] = method.cvc ?? '123';
  } else {
    fields['payment_method_data[type]'] = 'sepa_debit';
    fields['payment_method_data[sepa_debit][iban]'] = method.iban;
    fields['mandate_data[customer_acceptance][type]'] = 'online';
  }
  return app.inject({
    method: 'POST',
    url: `/sandbox/stripe/v1/payment_intents/${paymentIntentId}/confirm`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form(fields),
  });
}

/** Runs the due jobs (webhook deliveries, settlements, mails) until none is left. */
export async function runJobs(app: FastifyInstance): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await app.jobs.runDue()) === 0) return;
  }
}

/** POST /dev/clock/advance as a local client (the dev clock answers loopback only). */
export async function advanceDays(app: FastifyInstance, days: number): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { days } });
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves the dev clock to a moment (at least one second ahead) and runs what is due by then. */
export async function advanceTo(app: FastifyInstance, moment: Date | string): Promise<void> {
  const now = new Date((await app.inject({ method: 'GET', url: '/dev/clock' })).json().now as string);
  const seconds = Math.max(1, Math.ceil((new Date(moment).getTime() - now.getTime()) / 1000));
  const res = await app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds } });
  expect(res.statusCode, res.body).toBe(200);
}

export async function myInfo(app: FastifyInstance, user: Buyer) {
  const res = await v1(app, 'GET', '/v1/auth/myinfo', undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    product: { name: string; id: string; is_default: boolean } | null;
    stripe_subscription_end: number | null;
    stripe_price_id: string | null;
    stripe_customer_id: string | null;
    product_associated: boolean;
    downgrading: false | { product: { id: string; name: string }; date?: number };
  };
}

export async function ordersOf(app: FastifyInstance, userId: string) {
  return app.db.selectFrom('subscription_order').selectAll().where('user_id', '=', userId).execute();
}

/** A coupon row straight into the database (the operator command is tested on its own). */
export async function createCoupon(
  app: FastifyInstance,
  fields: Partial<{
    code: string;
    partner_id: string;
    percent_off: number | null;
    amount_off_cents: number | null;
    product_ids: string[] | null;
    pay_type: 'monthly' | 'yearly' | null;
    applies_to: 'new' | 'existing' | 'any';
    valid_from: string | null;
    valid_until: string | null;
    max_redemptions: number | null;
    duration: 'once' | 'forever' | 'repeating';
    duration_months: number | null;
    disabled: 0 | 1;
  }> = {},
): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = fields.code ?? `SAVE${randomUUID().slice(0, 6).toUpperCase()}`;
  await app.db
    .insertInto('coupon')
    .values({
      id,
      partner_id: fields.partner_id ?? 'primepet',
      code,
      percent_off: fields.percent_off === undefined ? 10 : fields.percent_off,
      amount_off_cents: fields.amount_off_cents ?? null,
      product_ids: fields.product_ids ? JSON.stringify(fields.product_ids) : null,
      pay_type: fields.pay_type ?? null,
      applies_to: fields.applies_to ?? 'any',
      valid_from: fields.valid_from ?? null,
      valid_until: fields.valid_until ?? null,
      max_redemptions: fields.max_redemptions ?? null,
      redemption_count: 0,
      duration: fields.duration ?? 'once',
      duration_months: fields.duration_months ?? null,
      disabled: fields.disabled ?? 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { id, code };
}
