// The buying path under load, measured in one run on one machine against bare Fastify routes that
// answer the same JSON: POST /v1/subscription/prices (a signed-in call: session, plan, coupon,
// proration, tracker rules) and the webhook (signature check, event-id dedupe, the payment intent
// read again from the provider unless its order is settled, the order moved), each as a ratio of
// the bare route's rate. The bare routes run in a process of their own (support/bare-server.ts);
// the sides alternate for BENCH_ROUNDS rounds and the median of the rounds' ratios counts. Also
// printed: each side's server CPU time per request (from /proc), steadier on a shared machine.
// Results by date: bench/HISTORY.md.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { sandboxKeys } from '@pet/stripe-sandbox';
import { cpuMs, startBareServer, startServer, signedInToken } from './support/server.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Budgets (issue 38): what share of a bare route's rate each keeps. */
const MIN_PRICES_RATIO = 0.5;
const MIN_WEBHOOK_RATIO = 0.3;

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

const bare = await startBareServer({
  'POST /v1/subscription/prices': { status: 200, body: pricesAnswer },
  'POST /v1/subscription/webhook': { status: 200, body: { received: true, duplicate: false } },
});
const bareUrl = bare.url;

interface Side {
  rate: number;
  cpuMsPerRequest: number;
}

async function side(url: string, pid: number, options: Partial<autocannon.Options>): Promise<Side> {
  const cpuBefore = cpuMs(pid);
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, ...options });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return { rate: result.requests.average, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / result.requests.total };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Alternating rounds: the median ratio of rates and of CPU per request (bare ÷ app). */
async function compare(pathName: string, options: Partial<autocannon.Options>) {
  await side(`${server.url}${pathName}`, server.pid, options); // warm-up
  const rates: number[] = [];
  const cpu: number[] = [];
  const app: Side[] = [];
  const bareSides: Side[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const b = await side(`${bareUrl}${pathName}`, bare.pid, options);
    const a = await side(`${server.url}${pathName}`, server.pid, options);
    bareSides.push(b);
    app.push(a);
    rates.push(a.rate / b.rate);
    cpu.push(b.cpuMsPerRequest / a.cpuMsPerRequest);
  }
  return {
    ratio: median(rates),
    rounds: rates,
    cpuRatio: median(cpu),
    app: median(app.map((s) => s.rate)),
    bare: median(bareSides.map((s) => s.rate)),
    appCpu: median(app.map((s) => s.cpuMsPerRequest)),
    bareCpu: median(bareSides.map((s) => s.cpuMsPerRequest)),
  };
}

// Prices are measured while the user is on the free plan (after the purchase below, Premium is
// the current plan and its price is refused).
const pricesOptions = { method: 'POST' as const, headers: auth, body: pricesBody };
let prices: Awaited<ReturnType<typeof compare>>;
try {
  prices = await compare('/v1/subscription/prices', pricesOptions);
} catch (err) {
  await Promise.all([server.stop(), bare.stop()]);
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

let webhook: Awaited<ReturnType<typeof compare>>;
try {
  webhook = await compare('/v1/subscription/webhook', webhookOptions);
} finally {
  await Promise.all([server.stop(), bare.stop()]);
}

const pricesRatio = prices.ratio;
const webhookRatio = webhook.ratio;
const report = (name: string, unit: string, r: typeof prices, budget: number) => {
  console.log(
    `${name}: ${r.app.toFixed(0)} ${unit}/s, bare ${r.bare.toFixed(0)} req/s (medians of ${ROUNDS} alternating rounds)`,
  );
  console.log(
    `  ratio ${r.ratio.toFixed(3)} (budget >= ${budget}; per round ${r.rounds.map((x) => x.toFixed(2)).join(', ')}); ` +
      `server CPU per request ${r.appCpu.toFixed(3)} ms, bare ${r.bareCpu.toFixed(3)} ms, ratio ${r.cpuRatio.toFixed(3)}`,
  );
};
report('POST /v1/subscription/prices', 'req', prices, MIN_PRICES_RATIO);
report('POST /v1/subscription/webhook', 'events', webhook, MIN_WEBHOOK_RATIO);
if (pricesRatio < MIN_PRICES_RATIO || webhookRatio < MIN_WEBHOOK_RATIO) {
  console.error('BUDGET BROKEN: the buying path costs too much per request');
  process.exit(1);
}
