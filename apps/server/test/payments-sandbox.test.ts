import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_WEBHOOK_PATH, type PaymentProvider } from '../src/platform/payments/index.ts';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import {
  answerThreeDSecure,
  confirmInBrowser,
  newCustomer,
  pathOf,
  RETURN_URL,
  sandboxEvents,
  sandboxTables,
  submitCheckout,
  TEST_CARDS,
  TEST_IBANS,
} from './support/payments.ts';

/**
 * The adapter (the official SDK) against the in-process sandbox, through app.inject: what the
 * subscription module and the browser do, and what the sandbox answers, stores and delivers.
 * Webhook deliveries are answered here (a stand-in for the subscription module's route) so that
 * these tests see exactly what is delivered, signed, and retried.
 */

let t: TestApp;
let provider: PaymentProvider;
let deliveries: Array<{ payload: string; signature: string }>;
let webhookStatus: number;

beforeAll(async () => {
  t = await createTestApp();
  provider = t.app.payments.provider!;
});
afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  webhookStatus = 200;
  const inject = t.app.inject.bind(t.app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
  vi.spyOn(t.app, 'inject').mockImplementation(((options: InjectOptions) => {
    if (options.url !== PAYMENT_WEBHOOK_PATH) return inject(options);
    deliveries.push({
      payload: String(options.payload),
      signature: String(options.headers?.['stripe-signature']),
    });
    return Promise.resolve({
      statusCode: webhookStatus,
      body: '',
      headers: {},
    } as unknown as LightMyRequestResponse);
  }) as typeof t.app.inject);
  // Deliveries left by earlier tests go out now: each test sees its own.
  deliveries = [];
  await runJobs();
  deliveries = [];
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Raw API calls with the sandbox's secret key (what the SDK sends), for what the provider does not show. */
async function api(method: 'GET' | 'POST', url: string, form?: Record<string, string>, key?: string | null) {
  const auth = key === null ? {} : { authorization: `Bearer ${key ?? t.app.payments.secretKey}` };
  return t.app.inject({
    method,
    url: `/sandbox/stripe/v1${url}`,
    headers: { ...auth, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
}

async function runJobs() {
  for (let round = 0; round < 20; round += 1) if ((await t.app.jobs.runDue()) === 0) return;
}

async function advance(seconds: number) {
  const res = await t.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds } });
  expect(res.statusCode, res.body).toBe(200);
}

async function newIntent(customerId: string, key: string = crypto.randomUUID(), amountCents = 2999) {
  return provider.createPaymentIntent({
    amountCents,
    customerId,
    paymentMethodTypes: ['card', 'sepa_debit'],
    description: 'Premium, yearly',
    metadata: { order_id: `order-${key}`, kind: 'purchase' },
    idempotencyKey: `intent-${key}`,
  });
}

/** The delivered events about one object, in the order they were emitted. */
const deliveredFor = (objectId: string) =>
  deliveries
    .map((d) => JSON.parse(d.payload) as { id: string; type: string; data: { object: { id: string } } })
    .filter((event) => event.data.object.id === objectId);

const eventTypes = async (objectId: string) => (await sandboxEvents(t.app, objectId)).map((e) => e.type);

/** A customer who bought with this card or IBAN: their saved method (attached by setup_future_usage). */
async function buyer(method: { card: string } | { iban: string }) {
  const customerId = await newCustomer(provider);
  const intent = await newIntent(customerId);
  const res = await confirmInBrowser(t.app, intent.clientSecret!, method);
  expect(res.statusCode, res.body).toBe(200);
  if ('iban' in method) await advance(t.config.payments.sepaSettleSeconds);
  const paid = await provider.retrievePaymentIntent(intent.id);
  expect(paid.status).toBe('succeeded');
  return { customerId, paymentMethodId: paid.paymentMethodId! };
}

describe(`payments sandbox (${testDatabaseKind})`, () => {
  it('is the sandbox mode with stable sandbox keys', () => {
    expect(t.app.payments.mode).toBe('sandbox');
    expect(provider.mode).toBe('sandbox');
    expect(provider.publishableKey).toMatch(/^pk_test_sandbox_\w+$/);
    expect(t.app.payments.secretKey).toMatch(/^sk_test_sandbox_\w+$/);
    expect(t.app.payments.webhookSecret).toMatch(/^whsec_/);
    // Generated once into DATA_DIR, so a restart keeps it (and the keys derived from it).
    expect(fs.readFileSync(t.config.payments.webhookSecretFile, 'utf8').trim()).toBe(
      t.app.payments.webhookSecret,
    );
  });

  it('creates customers with our references and refuses calls without the secret key', async () => {
    const customerId = await newCustomer(provider, 'refs');
    const customer = await api('GET', `/customers/${customerId}`);
    expect(customer.statusCode).toBe(200);
    expect(customer.json()).toMatchObject({
      object: 'customer',
      id: customerId,
      email: 'buyer-refs@example.org',
      metadata: { user_id: 'user-refs', partner_id: 'primepet' },
      address: { line1: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
    });
    // The same idempotency key gives the same customer.
    expect(await newCustomer(provider, 'refs')).toBe(customerId);

    const missing = await api('GET', `/customers/${customerId}`, undefined, null);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.type).toBe('invalid_request_error');
    expect((await api('GET', `/customers/${customerId}`, undefined, 'sk_test_wrong')).statusCode).toBe(401);
    expect(
      (await api('GET', `/customers/${customerId}`, undefined, provider.publishableKey)).statusCode,
    ).toBe(401);
    const unknown = await api('GET', '/customers/cus_nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      error: expect.objectContaining({ type: 'invalid_request_error', code: 'resource_missing' }),
    });
    expect((await api('GET', '/balance')).statusCode).toBe(404);
  });

  it('answers the same intent for a reused idempotency key, and refuses the key with other parameters', async () => {
    const customerId = await newCustomer(provider);
    const first = await newIntent(customerId, 'same');
    const again = await newIntent(customerId, 'same');
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 2999,
      currency: 'eur',
      customerId,
      paymentMethodId: null,
      metadata: { order_id: 'order-same', kind: 'purchase' },
    });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.id}_secret_\\w+$`));
    await expect(newIntent(customerId, 'same', 4999)).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    const stored = await api('GET', `/payment_intents/${first.id}`);
    expect(stored.json()).toMatchObject({
      setup_future_usage: 'off_session',
      allowed_payment_method_types: ['card', 'sepa_debit'],
      payment_method_types: ['card', 'sepa_debit'],
      description: 'Premium, yearly',
    });
  });

  it('confirms in the browser with 4242: succeeded, the card saved for the customer, events delivered signed', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.succeeds });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: intent.id,
      status: 'succeeded',
      amount_received: 2999,
      next_action: null,
    });
    const paid = await provider.retrievePaymentIntent(intent.id);
    expect(paid).toMatchObject({ status: 'succeeded', paymentMethodType: 'card', lastError: null });
    const method = await api('GET', `/payment_methods/${paid.paymentMethodId}`);
    expect(method.json()).toMatchObject({ customer: customerId, card: { last4: '4242', brand: 'visa' } });

    expect(await eventTypes(intent.id)).toEqual(['payment_intent.succeeded']);
    await runJobs();
    expect(deliveries).toHaveLength(1);
    const event = provider.verifyWebhook(deliveries[0]!.payload, deliveries[0]!.signature);
    expect(event).toMatchObject({
      type: 'payment_intent.succeeded',
      paymentIntent: { id: intent.id, status: 'succeeded', metadata: { order_id: intent.metadata.order_id } },
    });
    const [stored] = await sandboxEvents(t.app, intent.id);
    expect(stored).toMatchObject({ delivered: 1, delivery_attempts: 1, last_delivery_status: 200 });
    // Delivered once: running the jobs again sends nothing.
    await runJobs();
    expect(deliveries).toHaveLength(1);
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined', 'generic_decline', 'Your card was declined.'],
    [
      TEST_CARDS.insufficientFunds,
      'card_declined',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
    [TEST_CARDS.expired, 'expired_card', 'expired_card', 'Your card has expired.'],
    [TEST_CARDS.incorrectCvc, 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
    [TEST_CARDS.chargesDeclined, 'card_declined', 'generic_decline', 'Your card was declined.'],
  ])('declines %s with 402 %s/%s and keeps the failed intent', async (card, code, declineCode, message) => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, { card });
    expect(res.statusCode).toBe(402);
    const { error } = res.json();
    expect(error).toMatchObject({
      type: 'card_error',
      code,
      decline_code: declineCode,
      message,
      payment_intent: {
        id: intent.id,
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code, decline_code: declineCode },
      },
      payment_method: { object: 'payment_method', card: { last4: card.slice(-4) } },
    });
    expect(await provider.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      paymentMethodType: 'card',
      lastError: { code, declineCode, message },
    });
    expect(await eventTypes(intent.id)).toEqual(['payment_intent.payment_failed']);
    // The customer may try again with another card.
    const retry = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.succeeds });
    expect(retry.json()).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });

  it.each([
    [{ card: '4242424242424241' }, 'invalid_number', 'payment_method_data[card][number]'],
    [
      { card: TEST_CARDS.succeeds, expYear: '2001' },
      'invalid_expiry_year',
      'payment_method_data[card][exp_year]',
    ],
    [
      { card: TEST_CARDS.succeeds, expMonth: '13' },
      'invalid_expiry_month',
      'payment_method_data[card][exp_month]',
    ],
    [{ card: TEST_CARDS.succeeds, cvc: null }, 'incomplete_cvc', 'payment_method_data[card][cvc]'],
  ])('refuses card data %o with 402 %s before any charge', async (method, code, param) => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, method);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({ type: 'card_error', code, param });
    expect(await provider.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: null,
    });
    expect(await eventTypes(intent.id)).toEqual([]);
  });

  it('authenticates the browser by the client secret; a publishable key may come along, a wrong one may not', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const wrongSecret = `${intent.id}_secret_wrong`;
    const refused = await confirmInBrowser(t.app, wrongSecret, { card: TEST_CARDS.succeeds });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ type: 'invalid_request_error', param: 'client_secret' });
    const badKey = await confirmInBrowser(
      t.app,
      intent.clientSecret!,
      { card: TEST_CARDS.succeeds },
      { publishableKey: 'pk_test_other' },
    );
    expect(badKey.statusCode).toBe(401);
    const ok = await confirmInBrowser(
      t.app,
      intent.clientSecret!,
      { card: TEST_CARDS.succeeds },
      { publishableKey: provider.publishableKey },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const twice = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.succeeds });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('payment_intent_unexpected_state');
  });

  it('3-D Secure: requires_action, the sandbox page, Complete settles the intent and returns to the shop', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.threeDSecure });
    expect(res.statusCode, res.body).toBe(200);
    const { next_action: nextAction, status } = res.json();
    expect(status).toBe('requires_action');
    expect(nextAction).toMatchObject({
      type: 'redirect_to_url',
      redirect_to_url: { return_url: RETURN_URL },
    });
    expect(nextAction.redirect_to_url.url).toMatch(
      new RegExp(`^${t.config.publicUrl}/sandbox/stripe/authenticate/${intent.id}\\?client_secret=`),
    );
    expect(await provider.retrievePaymentIntent(intent.id)).toMatchObject({ status: 'requires_action' });

    const { page, answer } = await answerThreeDSecure(t.app, nextAction.redirect_to_url.url, 'complete');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Sandbox 3-D Secure');
    expect(page.body).toContain('€29.99');
    expect(page.body).not.toMatch(/<script/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://localhost:3000");
    expect(csp).not.toContain('script-src');

    expect(answer.statusCode).toBe(303);
    const back = new URL(String(answer.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.clientSecret,
      redirect_status: 'succeeded',
    });
    const paid = await provider.retrievePaymentIntent(intent.id);
    expect(paid.status).toBe('succeeded');
    expect((await api('GET', `/payment_methods/${paid.paymentMethodId}`)).json().customer).toBe(customerId);
    expect(await eventTypes(intent.id)).toEqual([
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);

    // Once authenticated and saved, the card is charged off-session without a challenge.
    const renewal = await provider.chargeOffSession({
      amountCents: 2999,
      customerId,
      paymentMethodId: paid.paymentMethodId!,
      description: 'renewal',
      metadata: { kind: 'renewal' },
      idempotencyKey: `renewal-${intent.id}`,
    });
    expect(renewal.status).toBe('succeeded');
  });

  it('3-D Secure: Fail leaves the intent to pay again, with payment_intent_authentication_failure', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.threeDSecure });
    const url = res.json().next_action.redirect_to_url.url as string;
    const { answer } = await answerThreeDSecure(t.app, url, 'fail');
    expect(answer.statusCode).toBe(303);
    expect(new URL(String(answer.headers.location)).searchParams.get('redirect_status')).toBe('failed');
    expect(await provider.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodId: null,
      lastError: { code: 'payment_intent_authentication_failure' },
    });
    expect(await eventTypes(intent.id)).toEqual([
      'payment_intent.requires_action',
      'payment_intent.payment_failed',
    ]);
    // The page is no longer pending; sending its form again changes nothing.
    const page = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(page.body).toContain('no longer pending');
    const again = await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ client_secret: intent.clientSecret!, outcome: 'complete' }).toString(),
    });
    expect(again.statusCode).toBe(303);
    expect(new URL(String(again.headers.location)).searchParams.get('redirect_status')).toBe('failed');
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/sandbox/stripe/authenticate/${intent.id}?client_secret=x`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it.each([
    [TEST_IBANS.settles, 'succeeded'],
    [TEST_IBANS.otherValid, 'succeeded'],
    [TEST_IBANS.fails, 'requires_payment_method'],
  ])('SEPA %s: processing, then %s once the settlement job runs', async (iban, settled) => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const res = await confirmInBrowser(t.app, intent.clientSecret!, { iban });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('processing');
    const processing = await provider.retrievePaymentIntent(intent.id);
    expect(processing).toMatchObject({ status: 'processing', paymentMethodType: 'sepa_debit' });
    const method = await provider.retrievePaymentMethod(processing.paymentMethodId!);
    expect(method).toMatchObject({
      type: 'sepa_debit',
      last4: iban.slice(-4),
      country: iban.slice(0, 2),
      brand: null,
    });
    if (iban.startsWith('DE')) expect(method.bankCode).toBe('37040044');

    await advance(t.config.payments.sepaSettleSeconds - 5);
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('processing');
    await advance(5);
    const after = await provider.retrievePaymentIntent(intent.id);
    expect(after.status).toBe(settled);
    if (settled === 'succeeded') {
      expect(await eventTypes(intent.id)).toEqual(['payment_intent.processing', 'payment_intent.succeeded']);
    } else {
      expect(after.lastError).toMatchObject({ code: 'insufficient_funds' });
      expect(await eventTypes(intent.id)).toEqual([
        'payment_intent.processing',
        'payment_intent.payment_failed',
      ]);
    }
    // The clock advance ran the deliveries too.
    expect(deliveredFor(intent.id).map((e) => e.type)).toEqual(await eventTypes(intent.id));
  });

  it('refuses a bad IBAN and a SEPA debit without the account holder', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    const bad = await confirmInBrowser(t.app, intent.clientSecret!, { iban: TEST_IBANS.badChecksum });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      type: 'invalid_request_error',
      param: 'payment_method_data[sepa_debit][iban]',
    });
    const noName = await confirmInBrowser(t.app, intent.clientSecret!, {
      iban: TEST_IBANS.settles,
      name: '',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatchObject({ code: 'parameter_missing' });
    expect((await provider.retrievePaymentIntent(intent.id)).status).toBe('requires_payment_method');
  });

  it('charges a saved card off-session at once; the same key charges once', async () => {
    const { customerId, paymentMethodId } = await buyer({ card: TEST_CARDS.succeeds });
    const charge = () =>
      provider.chargeOffSession({
        amountCents: 2999,
        customerId,
        paymentMethodId,
        description: 'Premium, renewal',
        metadata: { order_id: 'renewal-1', kind: 'renewal' },
        idempotencyKey: `renewal-${customerId}`,
      });
    const first = await charge();
    expect(first).toMatchObject({
      status: 'succeeded',
      customerId,
      paymentMethodId,
      paymentMethodType: 'card',
      metadata: { order_id: 'renewal-1', kind: 'renewal' },
    });
    expect((await charge()).id).toBe(first.id);
    expect(await eventTypes(first.id)).toEqual(['payment_intent.succeeded']);
  });

  it('a card that starts failing: decline_future_charges, then off-session charges decline without throwing', async () => {
    const { customerId, paymentMethodId } = await buyer({ card: TEST_CARDS.succeeds });
    const helperPath = `/test_helpers/payment_methods/${paymentMethodId}/decline_future_charges`;
    expect((await api('POST', helperPath, {}, null)).statusCode).toBe(401);
    expect((await api('POST', helperPath, {})).statusCode).toBe(200);
    const declined = await provider.chargeOffSession({
      amountCents: 2999,
      customerId,
      paymentMethodId,
      description: 'renewal',
      metadata: { kind: 'renewal' },
      idempotencyKey: `failing-${customerId}`,
    });
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodType: 'card',
      lastError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
    // The retry with the same key gets the same decline (stored), a new key charges again.
    const replay = await provider.chargeOffSession({
      amountCents: 2999,
      customerId,
      paymentMethodId,
      description: 'renewal',
      metadata: { kind: 'renewal' },
      idempotencyKey: `failing-${customerId}`,
    });
    expect(replay.id).toBe(declined.id);
    expect(await eventTypes(declined.id)).toEqual(['payment_intent.payment_failed']);
  });

  it('charges a saved SEPA account off-session: processing, then settled by the job', async () => {
    const { customerId, paymentMethodId } = await buyer({ iban: TEST_IBANS.settles });
    const renewal = await provider.chargeOffSession({
      amountCents: 999,
      customerId,
      paymentMethodId,
      description: 'renewal',
      metadata: { kind: 'renewal' },
      idempotencyKey: `sepa-renewal-${customerId}`,
    });
    expect(renewal).toMatchObject({ status: 'processing', paymentMethodType: 'sepa_debit' });
    await advance(t.config.payments.sepaSettleSeconds);
    expect((await provider.retrievePaymentIntent(renewal.id)).status).toBe('succeeded');
  });

  it('refuses off-session charges with a method of another customer', async () => {
    const { paymentMethodId } = await buyer({ card: TEST_CARDS.succeeds });
    const stranger = await newCustomer(provider);
    await expect(
      provider.chargeOffSession({
        amountCents: 999,
        customerId: stranger,
        paymentMethodId,
        description: 'x',
        metadata: {},
        idempotencyKey: `stranger-${stranger}`,
      }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
  });

  it('cancels an open intent once and answers a cancelled one as it is', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    expect((await provider.cancelPaymentIntent(intent.id, `cancel-${intent.id}`)).status).toBe('canceled');
    expect((await provider.cancelPaymentIntent(intent.id, `cancel-again-${intent.id}`)).status).toBe(
      'canceled',
    );
    expect(await eventTypes(intent.id)).toEqual(['payment_intent.canceled']);
    const paid = await newIntent(customerId);
    await confirmInBrowser(t.app, paid.clientSecret!, { card: TEST_CARDS.succeeds });
    await expect(provider.cancelPaymentIntent(paid.id, `cancel-${paid.id}`)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
  });

  it('checkout in setup mode: the hosted page shows a decline, then saves the card and returns', async () => {
    const customerId = await newCustomer(provider);
    const session = await provider.createSetupCheckoutSession({
      customerId,
      successUrl:
        'http://localhost:3000/my-account/payment-update/successful?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://localhost:3000/my-account/subscription',
      paymentMethodTypes: ['card', 'sepa_debit'],
      metadata: { user_id: 'user-1' },
      idempotencyKey: `setup-${customerId}`,
    });
    expect(session).toMatchObject({
      mode: 'setup',
      status: 'open',
      customerId,
      metadata: { user_id: 'user-1' },
    });
    expect(session.url).toBe(`${t.config.publicUrl}/sandbox/stripe/checkout/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);
    expect(await provider.retrieveSetupIntent(session.setupIntentId!)).toMatchObject({
      status: 'requires_payment_method',
      customerId,
      metadata: { user_id: 'user-1' },
    });

    const declined = await submitCheckout(t.app, session.url!, { type: 'card', number: TEST_CARDS.declined });
    expect(declined.page.statusCode).toBe(200);
    expect(declined.page.body).toContain('Save card');
    expect(declined.page.body).toContain('Save bank account');
    expect(declined.page.body).toContain('href="http://localhost:3000/my-account/subscription"');
    expect(declined.page.body).not.toMatch(/<script/i);
    expect(declined.answer.statusCode).toBe(200);
    expect(declined.answer.body).toContain('Your card was declined.');
    expect((await provider.retrieveCheckoutSession(session.id)).status).toBe('open');

    const saved = await submitCheckout(t.app, session.url!, {
      type: 'card',
      number: TEST_CARDS.succeeds,
      exp: '08 / 41',
    });
    expect(saved.answer.statusCode).toBe(303);
    expect(saved.answer.headers.location).toBe(
      `http://localhost:3000/my-account/payment-update/successful?session_id=${session.id}`,
    );
    const complete = await provider.retrieveCheckoutSession(session.id);
    expect(complete.status).toBe('complete');
    const setupIntent = await provider.retrieveSetupIntent(session.setupIntentId!);
    expect(setupIntent).toMatchObject({ status: 'succeeded', customerId });
    expect(await provider.retrievePaymentMethod(setupIntent.paymentMethodId!)).toEqual({
      id: setupIntent.paymentMethodId,
      type: 'card',
      last4: '4242',
      brand: 'visa',
      expMonth: 8,
      expYear: 2041,
      bankCode: null,
      country: 'US',
    });
    await provider.setDefaultPaymentMethod(customerId, setupIntent.paymentMethodId!, `default-${customerId}`);
    expect(
      (await api('GET', `/customers/${customerId}`)).json().invoice_settings.default_payment_method,
    ).toBe(setupIntent.paymentMethodId);

    await runJobs();
    const events = deliveries.map((d) => provider.verifyWebhook(d.payload, d.signature));
    expect(events.map((e) => (e.type === 'other' ? e.stripeType : e.type)).sort()).toEqual([
      'checkout.session.completed',
      'setup_intent.setup_failed',
      'setup_intent.succeeded',
    ]);
    expect(events.find((e) => e.type === 'checkout.session.completed')).toMatchObject({
      checkoutSession: { id: session.id, status: 'complete', setupIntentId: setupIntent.id },
    });

    // The page of a completed session says so; submitting again just returns.
    const after = await t.app.inject({ method: 'GET', url: new URL(session.url!).pathname });
    expect(after.body).toContain('already set up');
  });

  it('checkout in setup mode: a card whose charges fail (0341) and a SEPA account can be saved', async () => {
    const customerId = await newCustomer(provider);
    const setup = (key: string) =>
      provider.createSetupCheckoutSession({
        customerId,
        successUrl: 'http://localhost:3000/done',
        cancelUrl: 'http://localhost:3000/cancel',
        paymentMethodTypes: ['card', 'sepa_debit'],
        metadata: {},
        idempotencyKey: `${key}-${customerId}`,
      });
    const cardSession = await setup('card');
    const card = await submitCheckout(t.app, cardSession.url!, {
      type: 'card',
      number: TEST_CARDS.chargesDeclined,
    });
    expect(card.answer.statusCode).toBe(303);
    const cardMethod = (await provider.retrieveSetupIntent(cardSession.setupIntentId!)).paymentMethodId!;
    const renewal = await provider.chargeOffSession({
      amountCents: 999,
      customerId,
      paymentMethodId: cardMethod,
      description: 'renewal',
      metadata: {},
      idempotencyKey: `charge-${cardMethod}`,
    });
    expect(renewal).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined' },
    });

    const sepaSession = await setup('sepa');
    const noHolder = await submitCheckout(t.app, sepaSession.url!, {
      type: 'sepa_debit',
      iban: TEST_IBANS.settles,
      name: '',
    });
    expect(noHolder.answer.statusCode).toBe(200);
    expect(noHolder.answer.body).toContain('account holder');
    const badIban = await submitCheckout(t.app, sepaSession.url!, {
      type: 'sepa_debit',
      iban: TEST_IBANS.badChecksum,
    });
    expect(badIban.answer.body).toContain('The IBAN you provided is invalid.');
    const sepa = await submitCheckout(t.app, sepaSession.url!, {
      type: 'sepa_debit',
      iban: 'DE89 3704 0044 0532 0130 00',
    });
    expect(sepa.answer.statusCode).toBe(303);
    const sepaMethod = (await provider.retrieveSetupIntent(sepaSession.setupIntentId!)).paymentMethodId!;
    expect(await provider.retrievePaymentMethod(sepaMethod)).toMatchObject({
      type: 'sepa_debit',
      last4: '3000',
      bankCode: '37040044',
      country: 'DE',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/checkout/cs_test_unknown' });
    expect(unknown.statusCode).toBe(404);
  });

  it('retries a delivery that got a non-2xx answer, with backoff, until it is taken', async () => {
    const customerId = await newCustomer(provider);
    const intent = await newIntent(customerId);
    await confirmInBrowser(t.app, intent.clientSecret!, { card: TEST_CARDS.succeeds });
    webhookStatus = 503;
    await runJobs();
    expect(deliveries).toHaveLength(1);
    let [event] = await sandboxEvents(t.app, intent.id);
    expect(event).toMatchObject({ delivered: 0, delivery_attempts: 1, last_delivery_status: 503 });
    const job = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('dedupe_key', '=', `payments.sandbox.deliver_event:${event!.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.last_error).toContain('503');

    // Not before the backoff; then delivered again, with a fresh signature of the same body.
    await runJobs();
    expect(deliveries).toHaveLength(1);
    webhookStatus = 204;
    await advance(60);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]!.payload).toBe(deliveries[0]!.payload);
    expect(provider.verifyWebhook(deliveries[1]!.payload, deliveries[1]!.signature).id).toBe(event!.id);
    [event] = await sandboxEvents(t.app, intent.id);
    expect(event).toMatchObject({ delivered: 1, delivery_attempts: 2, last_delivery_status: 204 });
  });

  it('answers objects with the fields of Stripe’s published examples', async () => {
    const fixture = (name: string) =>
      JSON.parse(
        fs.readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', `${name}.json`), 'utf8'),
      ) as Record<string, unknown>;
    const keysOf = (object: Record<string, unknown>) => Object.keys(object).sort();
    const { customerId, paymentMethodId } = await buyer({ card: TEST_CARDS.succeeds });
    const session = await provider.createSetupCheckoutSession({
      customerId,
      successUrl: 'http://localhost:3000/done',
      cancelUrl: 'http://localhost:3000/cancel',
      paymentMethodTypes: ['card'],
      metadata: {},
      idempotencyKey: `shape-${customerId}`,
    });
    const intent = await newIntent(customerId);
    // A SEPA account comes with its mandate, named by the debit's charge (issue 33 item 14).
    const sepa = await buyer({ iban: TEST_IBANS.settles });
    const sepaIntent = await sandboxTables(t.app)
      .selectFrom('stripe_sandbox_object')
      .select('id')
      .where('object', '=', 'payment_intent')
      .where('customer_id', '=', sepa.customerId)
      .executeTakeFirstOrThrow();
    const mandateId = (await provider.retrievePaymentIntent(sepaIntent.id)).mandateId!;
    const objects: Record<string, Record<string, unknown>> = {
      mandate: (await api('GET', `/mandates/${mandateId}`)).json(),
      customer: (await api('GET', `/customers/${customerId}`)).json(),
      payment_intent: (await api('GET', `/payment_intents/${intent.id}`)).json(),
      payment_method: (await api('GET', `/payment_methods/${paymentMethodId}`)).json(),
      setup_intent: (await api('GET', `/setup_intents/${session.setupIntentId}`)).json(),
      'checkout.session': (await api('GET', `/checkout/sessions/${session.id}`)).json(),
      event: JSON.parse(
        (
          await sandboxTables(t.app)
            .selectFrom('stripe_sandbox_event')
            .select('payload')
            .orderBy('sequence')
            .executeTakeFirstOrThrow()
        ).payload,
      ),
    };
    for (const [name, object] of Object.entries(objects)) {
      const expected = keysOf(fixture(name));
      // allowed_payment_method_types: added by the SDK's API version after the examples were published.
      const actual = keysOf(object).filter((key) => key !== 'allowed_payment_method_types');
      expect(actual, name).toEqual(expected);
    }
  });
});
