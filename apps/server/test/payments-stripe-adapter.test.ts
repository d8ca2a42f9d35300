import fs from 'node:fs';
import path from 'node:path';
import qs from 'qs';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createStripeClient,
  PaymentDeclinedError,
  PaymentProviderUnavailableError,
  StripePaymentProvider,
  WebhookSignatureError,
} from '../src/platform/payments/index.ts';

/**
 * The adapter against a fake of Stripe's HTTP API that answers Stripe's published example objects
 * (test/fixtures/stripe, from Stripe's OpenAPI fixtures): it parses what Stripe really sends, and
 * sends Stripe the right form fields, keys and Idempotency-Key.
 */

type Json = Record<string, unknown>;
const fixture = (name: string): Json =>
  JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', `${name}.json`), 'utf8'),
  ) as Json;

interface SentRequest {
  method: string;
  path: string;
  query: Json;
  headers: Record<string, string>;
  body: Json;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Error;

class FakeStripeResponse extends Stripe.HttpClientResponse {
  constructor(
    status: number,
    headers: Record<string, string>,
    private readonly body: string,
  ) {
    super(status, headers);
  }
  override getRawResponse(): unknown {
    return {};
  }
  override toStream(done: () => void): unknown {
    done();
    return null;
  }
  override toJSON(): Promise<unknown> {
    return Promise.resolve(JSON.parse(this.body));
  }
}

/** Stripe's API as a function of the request; records every request it gets. */
class FakeStripeHttpClient extends Stripe.HttpClient {
  readonly requests: SentRequest[] = [];
  answer: (request: SentRequest) => Answer = () => ({
    status: 500,
    body: { error: { type: 'api_error', message: 'no answer' } },
  });

  override getClientName(): string {
    return 'fake';
  }

  override async makeRequest(
    _host: string,
    _port: string,
    fullPath: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
  ): Promise<FakeStripeResponse> {
    const [pathname, query = ''] = fullPath.split('?');
    const request: SentRequest = {
      method,
      path: pathname!,
      query: qs.parse(query) as Json,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      body: qs.parse(requestData) as Json,
    };
    this.requests.push(request);
    const answer = this.answer(request);
    if (answer instanceof Error) throw answer;
    return new FakeStripeResponse(
      answer.status,
      { 'request-id': 'req_fake', ...answer.headers },
      JSON.stringify(answer.body),
    );
  }
}

const WEBHOOK_SECRET = 'whsec_test_adapter_secret_0123456789abcdef';
let http: FakeStripeHttpClient;
let provider: StripePaymentProvider;

beforeEach(() => {
  http = new FakeStripeHttpClient();
  provider = new StripePaymentProvider(createStripeClient('sk_test_fake', http), {
    mode: 'stripe',
    publishableKey: 'pk_test_fake',
    webhookSecret: WEBHOOK_SECRET,
  });
});

const ok = (body: unknown): Answer => ({ status: 200, body });
const last = () => http.requests.at(-1)!;

describe('StripePaymentProvider against Stripe-shaped answers', () => {
  it('creates a customer with our references, the address and the idempotency key', async () => {
    http.answer = () => ok(fixture('customer'));
    const id = await provider.createCustomer({
      email: 'erika@example.org',
      name: 'Erika Mustermann',
      userId: 'user-1',
      partnerId: 'primepet',
      address: { line1: 'Hauptstraße 1', line2: null, postalCode: '10115', city: 'Berlin', country: 'DE' },
      idempotencyKey: 'customer-user-1',
    });
    expect(id).toBe('cus_QXg1o8vcGmoR32');
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      headers: {
        authorization: 'Bearer sk_test_fake',
        'idempotency-key': 'customer-user-1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: {
        email: 'erika@example.org',
        name: 'Erika Mustermann',
        metadata: { user_id: 'user-1', partner_id: 'primepet' },
        address: { line1: 'Hauptstraße 1', postal_code: '10115', city: 'Berlin', country: 'DE' },
      },
    });
    expect((last().body.address as Json).line2).toBeUndefined();
  });

  it('makes a method the default one through invoice_settings', async () => {
    http.answer = () => ok(fixture('customer'));
    await provider.setDefaultPaymentMethod('cus_1', 'pm_1', 'default-1');
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/customers/cus_1',
      headers: { 'idempotency-key': 'default-1' },
      body: { invoice_settings: { default_payment_method: 'pm_1' } },
    });
  });

  it('creates a payment intent for later confirmation and maps the answer', async () => {
    http.answer = () => ok(fixture('payment_intent'));
    const intent = await provider.createPaymentIntent({
      amountCents: 2999,
      customerId: 'cus_1',
      paymentMethodTypes: ['card', 'sepa_debit'],
      description: 'Basic, yearly',
      metadata: { order_id: 'order-1', kind: 'purchase' },
      idempotencyKey: 'order-1-intent',
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      headers: { 'idempotency-key': 'order-1-intent' },
      body: {
        amount: '2999',
        currency: 'eur',
        customer: 'cus_1',
        allowed_payment_method_types: ['card', 'sepa_debit'],
        setup_future_usage: 'off_session',
        description: 'Basic, yearly',
        metadata: { order_id: 'order-1', kind: 'purchase' },
      },
    });
    expect(last().body.confirm).toBeUndefined();
    // The fixture's values, mapped.
    expect(intent).toEqual({
      id: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
      status: 'requires_payment_method',
      amountCents: 1099,
      currency: 'usd',
      clientSecret: 'pi_1PgafyB7WZ01zgkWSjxsAJo3_secret_Dm43xiq1k0ywrRRjDoi8y1gkM',
      customerId: null,
      paymentMethodId: null,
      paymentMethodType: 'card',
      lastError: { code: null, declineCode: null, message: 'The payment failed.' },
      metadata: {},
      created: 1234567890,
      mandateId: null,
      sepaTargetDate: null,
      nextActionUrl: null,
    });
  });

  it("SEPA: asks for the target date, reads the mandate from the debit's charge and its reference from GET /v1/mandates/{id}", async () => {
    http.answer = () =>
      ok({
        ...fixture('payment_intent'),
        status: 'processing',
        payment_method_options: { sepa_debit: { target_date: '2026-12-04' } },
        latest_charge: {
          ...fixture('charge'),
          payment_method_details: {
            type: 'sepa_debit',
            sepa_debit: { last4: '3000', mandate: 'mandate_1Pgc78B7WZ01zgkW9EfgTVki' },
          },
        },
      });
    const intent = await provider.createPaymentIntent({
      amountCents: 999,
      customerId: 'cus_1',
      paymentMethodTypes: ['card', 'sepa_debit'],
      description: 'Premium, monthly',
      metadata: {},
      idempotencyKey: 'order-2',
      sepaTargetDate: '2026-12-04',
    });
    expect(last().body.payment_method_options).toEqual({ sepa_debit: { target_date: '2026-12-04' } });
    expect(intent).toMatchObject({
      mandateId: 'mandate_1Pgc78B7WZ01zgkW9EfgTVki',
      sepaTargetDate: '2026-12-04',
    });
    await provider.retrievePaymentIntent(intent.id);
    expect(last().query).toEqual({ expand: ['payment_method', 'latest_charge'] });

    http.answer = () => ok(fixture('mandate'));
    expect(await provider.retrieveMandate('mandate_1Pgc78B7WZ01zgkW9EfgTVki')).toEqual({
      id: 'mandate_1Pgc78B7WZ01zgkW9EfgTVki',
      reference: '123456789',
      paymentMethodId: 'pm_123456789',
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/mandates/mandate_1Pgc78B7WZ01zgkW9EfgTVki' });
  });

  it('retrieves an intent with its payment method expanded', async () => {
    const method = fixture('payment_method');
    http.answer = () =>
      ok({
        ...fixture('payment_intent'),
        status: 'succeeded',
        customer: 'cus_QXg1o8vcGmoR32',
        payment_method: method,
        payment_method_types: ['card', 'sepa_debit'],
        last_payment_error: null,
        metadata: { order_id: 'order-1' },
      });
    const intent = await provider.retrievePaymentIntent('pi_1PgafyB7WZ01zgkWSjxsAJo3');
    expect(last()).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/pi_1PgafyB7WZ01zgkWSjxsAJo3',
      query: { expand: ['payment_method', 'latest_charge'] },
    });
    expect(intent).toMatchObject({
      status: 'succeeded',
      customerId: 'cus_QXg1o8vcGmoR32',
      paymentMethodId: 'pm_1Pgc75B7WZ01zgkWlHVgdEGJ',
      paymentMethodType: 'card',
      lastError: null,
      metadata: { order_id: 'order-1' },
    });
  });

  it('charges off-session with confirm and off_session; a decline answers the failed intent', async () => {
    const failed = {
      ...fixture('payment_intent'),
      status: 'requires_payment_method',
      customer: 'cus_1',
      payment_method: null,
      payment_method_types: ['card', 'sepa_debit'],
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        payment_method: fixture('payment_method'),
      },
      metadata: { order_id: 'renewal-1' },
    };
    http.answer = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: failed,
          payment_method: fixture('payment_method'),
        },
      },
    });
    const intent = await provider.chargeOffSession({
      amountCents: 2999,
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      description: 'Basic, renewal',
      metadata: { order_id: 'renewal-1', kind: 'renewal' },
      idempotencyKey: 'renewal-1-charge',
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      headers: { 'idempotency-key': 'renewal-1-charge' },
      body: {
        amount: '2999',
        currency: 'eur',
        customer: 'cus_1',
        payment_method: 'pm_1',
        allowed_payment_method_types: ['card', 'sepa_debit'],
        confirm: 'true',
        off_session: 'true',
        metadata: { order_id: 'renewal-1', kind: 'renewal' },
      },
    });
    // A 402 is no network problem: the SDK did not retry.
    expect(http.requests).toHaveLength(1);
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      paymentMethodType: 'card',
      lastError: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
  });

  it('turns a card error outside off-session charges into PaymentDeclinedError', async () => {
    http.answer = () => ({
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      },
    });
    const attempt = provider.createPaymentIntent({
      amountCents: 2999,
      customerId: 'cus_1',
      paymentMethodTypes: ['card'],
      description: 'x',
      metadata: {},
      idempotencyKey: 'k',
    });
    await expect(attempt).rejects.toBeInstanceOf(PaymentDeclinedError);
    await expect(attempt).rejects.toMatchObject({
      error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
      paymentIntent: null,
    });
  });

  it('retries outages with the same Idempotency-Key, then reports the provider unavailable', async () => {
    http.answer = () => ({
      status: 503,
      body: { error: { type: 'api_error', message: 'Service unavailable' } },
    });
    await expect(provider.retrieveCheckoutSession('cs_1')).rejects.toBeInstanceOf(
      PaymentProviderUnavailableError,
    );
    expect(http.requests).toHaveLength(3);

    http.requests.length = 0;
    http.answer = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    await expect(
      provider.createCustomer({
        email: 'a@b.c',
        name: 'A',
        userId: 'u',
        partnerId: 'p',
        idempotencyKey: 'same-key',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    expect(http.requests).toHaveLength(3);
    expect(new Set(http.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set(['same-key']));
  }, 20_000);

  it('keeps Stripe’s error for invalid requests (an unknown id is our bug, not an outage)', async () => {
    http.answer = () => ({
      status: 404,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: "No such payment_method: 'pm_x'",
        },
      },
    });
    await expect(provider.retrievePaymentMethod('pm_x')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
    });
  });

  it('answers an already cancelled intent as it is', async () => {
    const canceled = { ...fixture('payment_intent'), status: 'canceled' };
    http.answer = (request) =>
      request.method === 'POST'
        ? {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'payment_intent_unexpected_state',
                message: 'You cannot cancel this PaymentIntent because it has a status of canceled.',
              },
            },
          }
        : ok(canceled);
    const intent = await provider.cancelPaymentIntent('pi_1PgafyB7WZ01zgkWSjxsAJo3', 'cancel-1');
    expect(intent.status).toBe('canceled');
    expect(http.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_intents/pi_1PgafyB7WZ01zgkWSjxsAJo3/cancel',
      'GET /v1/payment_intents/pi_1PgafyB7WZ01zgkWSjxsAJo3',
    ]);
    expect(http.requests[0]!.headers['idempotency-key']).toBe('cancel-1');
  });

  it('creates a setup checkout session and maps sessions, setup intents and methods', async () => {
    http.answer = () => ok(fixture('checkout.session'));
    const session = await provider.createSetupCheckoutSession({
      customerId: 'cus_1',
      successUrl: 'https://portal.example/my-account/payment-update/successful?session={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://portal.example/my-account/subscription',
      paymentMethodTypes: ['card', 'sepa_debit'],
      metadata: { user_id: 'user-1' },
      idempotencyKey: 'update-1',
    });
    expect(last()).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      headers: { 'idempotency-key': 'update-1' },
      body: {
        mode: 'setup',
        customer: 'cus_1',
        success_url:
          'https://portal.example/my-account/payment-update/successful?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://portal.example/my-account/subscription',
        allowed_payment_method_types: ['card', 'sepa_debit'],
        metadata: { user_id: 'user-1' },
        setup_intent_data: { metadata: { user_id: 'user-1' } },
      },
    });
    expect(session).toEqual({
      id: 'cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY',
      url: 'https://checkout.stripe.com/pay/c/cs_test_a1YS1URlnyQCN5fUUduORoQ7Pw41PJqDWkIVQCpJPqkfIhd6tVY8XB1OLY',
      mode: 'payment',
      status: 'open',
      customerId: null,
      setupIntentId: null,
      metadata: {},
    });

    http.answer = () =>
      ok({
        ...fixture('setup_intent'),
        status: 'succeeded',
        payment_method: 'pm_1',
        customer: 'cus_1',
        mandate: 'mandate_1',
      });
    expect(await provider.retrieveSetupIntent('seti_1Pgag7B7WZ01zgkWSgwGdb8Z')).toEqual({
      id: 'seti_1Pgag7B7WZ01zgkWSgwGdb8Z',
      status: 'succeeded',
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      metadata: {},
      mandateId: 'mandate_1',
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_1Pgag7B7WZ01zgkWSgwGdb8Z' });

    http.answer = () => ok(fixture('payment_method'));
    expect(await provider.retrievePaymentMethod('pm_1Pgc75B7WZ01zgkWlHVgdEGJ')).toEqual({
      id: 'pm_1Pgc75B7WZ01zgkWlHVgdEGJ',
      type: 'card',
      last4: '4242',
      brand: 'visa',
      expMonth: 8,
      expYear: 2030,
      bankCode: null,
      country: 'US',
    });

    const { card: _card, ...withoutCard } = fixture('payment_method');
    http.answer = () =>
      ok({
        ...withoutCard,
        type: 'sepa_debit',
        sepa_debit: {
          bank_code: '37040044',
          branch_code: '',
          country: 'DE',
          fingerprint: 'abc',
          generated_from: null,
          last4: '3000',
        },
      });
    expect(await provider.retrievePaymentMethod('pm_sepa')).toMatchObject({
      type: 'sepa_debit',
      last4: '3000',
      brand: null,
      expMonth: null,
      bankCode: '37040044',
      country: 'DE',
    });
  });
});

describe('verifyWebhook', () => {
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
  const event = (type: string, object: Json) =>
    JSON.stringify({ ...fixture('event'), id: `evt_${type}`, type, data: { object } });

  it('accepts a valid signature and maps payment intent and checkout events', () => {
    const succeeded = event('payment_intent.succeeded', {
      ...fixture('payment_intent'),
      status: 'succeeded',
      metadata: { order_id: 'order-1' },
      last_payment_error: null,
    });
    expect(provider.verifyWebhook(succeeded, sign(succeeded))).toMatchObject({
      id: 'evt_payment_intent.succeeded',
      type: 'payment_intent.succeeded',
      created: 1234567890,
      paymentIntent: {
        id: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
        status: 'succeeded',
        metadata: { order_id: 'order-1' },
      },
    });
    const completed = event('checkout.session.completed', {
      ...fixture('checkout.session'),
      status: 'complete',
    });
    expect(provider.verifyWebhook(Buffer.from(completed), sign(completed))).toMatchObject({
      type: 'checkout.session.completed',
      checkoutSession: { status: 'complete' },
    });
    const plan = JSON.stringify(fixture('event'));
    expect(provider.verifyWebhook(plan, sign(plan))).toEqual({
      id: 'evt_1Pgc76B7WZ01zgkWwyRHS12y',
      type: 'other',
      stripeType: 'plan.created',
      created: 1234567890,
    });
  });

  it('refuses a wrong secret, a changed body, a missing header and a signature older than 300 s', () => {
    const payload = event('payment_intent.succeeded', fixture('payment_intent'));
    expect(() => provider.verifyWebhook(payload, sign(payload, { secret: 'whsec_someone_else' }))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(payload.replace('1099', '1'), sign(payload))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    const now = Math.floor(Date.now() / 1000);
    expect(() => provider.verifyWebhook(payload, sign(payload, { timestamp: now - 301 }))).toThrow(
      WebhookSignatureError,
    );
    expect(provider.verifyWebhook(payload, sign(payload, { timestamp: now - 200 })).type).toBe(
      'payment_intent.succeeded',
    );
  });
});
