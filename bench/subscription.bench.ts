// The buying path under load, measured in one run on one machine against bare Fastify routes that
// answer the same JSON: POST /v1/subscription/prices (a signed-in call: session, plan, coupon,
// proration, tracker rules) and the webhook (signature check, event-id dedupe, the payment intent
// read again from the provider, the order moved), each as a ratio of the bare route's rate.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import Stripe from 'stripe';
import { sandboxKeys } from '@pet/stripe-sandbox';
import { startServer, signedInToken } from './support/server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
/** Budgets: what share of a bare route's rate each keeps (issue 16 tracks the signed-in overhead). */
const MIN_PRICES_RATIO = 0.01;
const MIN_WEBHOOK_RATIO = 0.01;

const server = await startServer();
const token = await signedInToken(server.url);
const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: server.url };

const products = (await (await fetch(`${server.url}/v1/subscription/product/list`)).json()) as {
  data: Array<{ id: string; name: string; yearly_price_id: string | null }>;
};
const premium = products.data.find((p) => p.name === 'Premium')!;
const pricesBody = JSON.stringify({ pay_type: 'yearly', product_id: premium.id });
const pricesAnswer = await (
  await fetch(`${server.url}/v1/subscription/prices`, { method: 'POST', headers: auth, body: pricesBody })
).json();

const bare = Fastify();
bare.post('/v1/subscription/prices', async () => pricesAnswer);
bare.post('/v1/subscription/webhook', async () => ({ received: true, duplicate: false }));
const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

async function rate(url: string, options: Partial<autocannon.Options>): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, ...options });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}

// Prices are measured while the user is on the free plan (after the purchase below, Premium is
// the current plan and its price is refused).
const pricesOptions = { method: 'POST' as const, headers: auth, body: pricesBody };
let barePrices = 0;
let appPrices = 0;
try {
  barePrices = await rate(`${bareUrl}/v1/subscription/prices`, pricesOptions);
  appPrices = await rate(`${server.url}/v1/subscription/prices`, pricesOptions);
} catch (err) {
  await Promise.all([server.stop(), bare.close()]);
  throw err;
}

// One real order paid by card: the events name its payment intent, as Stripe's retries would.
const order = (await (
  await fetch(`${server.url}/v1/subscription/change/request`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      price_id: premium.yearly_price_id,
      product_id: premium.id,
      pay_type: 'yearly',
      name: 'Bench',
      email: 'bench@example.org',
      city: 'Berlin',
      country: 'DE',
      phone: '',
      street: 'Hauptstraße 1',
      zipcode: '10115',
      address: '',
    }),
  })
).json()) as { secret: string; order_id: string };
const paymentIntentId = order.secret.split('_secret_')[0]!;
await fetch(`${server.url}/sandbox/stripe/v1/payment_intents/${paymentIntentId}/confirm`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    client_secret: order.secret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': '4242424242424242',
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': '2040',
    'payment_method_data[card][cvc]': '123',
  }).toString(),
});

const webhookSecret = fs.readFileSync(path.join(server.dataDir, 'webhook-secret'), 'utf8').trim();
function sandboxSecretKey(): string {
  return sandboxKeys(webhookSecret).secretKey;
}

// The event carries the whole payment intent, as Stripe's do (read back from the sandbox).
const paymentIntent = await (
  await fetch(`${server.url}/sandbox/stripe/v1/payment_intents/${paymentIntentId}`, {
    headers: { authorization: `Bearer ${sandboxSecretKey()}` },
  })
).json();

const stripe = new Stripe('sk_test_bench');
let eventCounter = 0;
/** A new event id per request: each is handled, not answered as a duplicate. */
function signedEvent(): { body: string; headers: Record<string, string> } {
  eventCounter += 1;
  const body = JSON.stringify({
    id: `evt_bench_${eventCounter}_${process.pid}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: paymentIntent },
  });
  const signature = stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}

const webhookOptions = {
  requests: [
    {
      method: 'POST' as const,
      setupRequest: (request: autocannon.Request) => ({ ...request, ...signedEvent() }),
    },
  ],
};

let bareWebhook = 0;
let appWebhook = 0;
try {
  bareWebhook = await rate(`${bareUrl}/v1/subscription/webhook`, webhookOptions);
  appWebhook = await rate(`${server.url}/v1/subscription/webhook`, webhookOptions);
} finally {
  await Promise.all([server.stop(), bare.close()]);
}

const pricesRatio = appPrices / barePrices;
const webhookRatio = appWebhook / bareWebhook;
console.log(
  `POST /v1/subscription/prices: ${appPrices.toFixed(0)} req/s, bare ${barePrices.toFixed(0)} req/s`,
);
console.log(`  ratio ${pricesRatio.toFixed(3)} (budget >= ${MIN_PRICES_RATIO})`);
console.log(
  `POST /v1/subscription/webhook: ${appWebhook.toFixed(0)} events/s, bare ${bareWebhook.toFixed(0)} req/s`,
);
console.log(`  ratio ${webhookRatio.toFixed(3)} (budget >= ${MIN_WEBHOOK_RATIO})`);
if (pricesRatio < MIN_PRICES_RATIO || webhookRatio < MIN_WEBHOOK_RATIO) {
  console.error('BUDGET BROKEN: the buying path costs too much per request');
  process.exit(1);
}
