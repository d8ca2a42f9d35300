import type { FastifyInstance } from 'fastify';
import type { WebhookFaultStage } from '../../src/modules/subscription/payment-events/webhook-faults.ts';
import { sandboxTables } from './payments.ts';

/**
 * Webhooks under load (issue 33 item 24), shared by test/webhook-storm.test.ts and
 * bench/webhooks.bench.ts, with no test runner inside (the bench runs it as a plain script).
 *
 * `runScenario` makes real payments in the sandbox: many users in three brands buy a monthly plan in
 * the browser's way (card, 3-D Secure-free card, SEPA that settles, SEPA that bounces, a declined
 * card) and months pass, so the SEPA buyers' renewals are debited and settle. The sandbox's own
 * delivery is paused; the scenario plays the network instead and delivers every event the sandbox
 * emitted, either once each in the order the sandbox emitted them (`ordered`: the reference), or
 * (`storm`) three times each in shuffled order, several at once, with 10 % of first deliveries
 * answered 500 through the webhook's fault seam at one of its three stages.
 * `stateOf` reads what must come out the same either way.
 */

export type DeliveryMode = 'ordered' | 'storm';

export interface ScenarioOptions {
  users: number;
  mode: DeliveryMode;
  /** Months that pass after the purchases (each one renews the monthly plans). */
  months: number;
  /** Deliveries of each event in a storm. */
  copies?: number;
  /** Share of events whose first delivery is answered 500 (storm). */
  failShare?: number;
  /** Deliveries in flight at once (storm). */
  concurrency?: number;
  /** Seed of the storm's shuffle and choice of failures. */
  seed?: number;
}

export interface DeliveryFigures {
  events: number;
  deliveries: number;
  /** Deliveries answered 500 (injected). */
  failed: number;
  /** Wall time spent delivering, ms. */
  deliveryMs: number;
}

const DAY_MS = 24 * 3600 * 1000;
const BRANDS = [
  { partnerId: 'primepet', host: 'primepet.localhost', plans: ['basic', 'premium'] },
  { partnerId: 'petclub', host: 'petclub.localhost', plans: ['premium', 'basic'] },
  { partnerId: 'hundeschutz', host: 'hundeschutz.localhost', plans: ['protectplus'] },
] as const;
type Method = { card: string } | { iban: string };
/** How buyer i pays (i modulo 5): most pay, some bounce or are declined. */
const METHODS: Method[] = [
  { card: '4242424242424242' },
  { iban: 'DE89370400440532013000' },
  { card: '5555555555554444' },
  { iban: 'DE62370400440532013001' },
  { card: '4000000000000002' },
];

/** A small deterministic generator (mulberry32): the same seed gives the same storm. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function inject(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { host?: string; token?: string; body?: unknown; form?: Record<string, string>; ip: string },
) {
  const host = options.host ?? 'localhost:3000';
  const res = await app.inject({
    method,
    url,
    headers: {
      host,
      'x-forwarded-for': options.ip,
      ...(method === 'POST' ? { origin: `http://${host}` } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(options.form
      ? { payload: new URLSearchParams(options.form).toString() }
      : options.body
        ? { payload: options.body as object }
        : {}),
  });
  return res;
}

function expectStatus(res: { statusCode: number; body: string }, status: number, what: string): void {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}

/** Signs up, verifies by the mail's link and signs in, as the browser does. */
async function newBuyer(app: FastifyInstance, index: number, host: string): Promise<string> {
  const email = `storm-${index}@example.org`;
  const ip = `10.77.${(index >> 8) & 255}.${index & 255}`;
  const signup = await inject(app, 'POST', '/v1/auth/signup', {
    host,
    ip,
    body: {
      name: `Storm Buyer ${index}`,
      email,
      password: 'secret-123',
      activation_code: null,
      tracker_ids: [],
      language: index % 2 ? 'de' : 'en',
      product_associated: 'no',
    },
  });
  expectStatus(signup, 201, `signup of ${email}`);

  const mail = await app.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .where('kind', '=', 'verification')
    .executeTakeFirstOrThrow();
  const link = new URL(/https?:\/\/\S*\/identity\/verify-email\S*/.exec(mail.text)![0]);
  const verified = await inject(app, 'GET', `${link.pathname}${link.search}`, { host: link.host, ip });
  expectStatus(verified, 302, `verification of ${email}`);
  const signIn = await inject(app, 'POST', '/identity/sign-in/email', {
    host,
    ip,
    body: { email, password: 'secret-123' },
  });
  expectStatus(signIn, 200, `sign-in of ${email}`);

  return String(signIn.headers['set-auth-token']);
}

/** Buyer i orders a monthly plan and confirms it at the sandbox as Stripe.js does. */
async function buy(app: FastifyInstance, index: number): Promise<void> {
  const brand = BRANDS[index % BRANDS.length]!;
  const token = await newBuyer(app, index, brand.host);
  const planKey = brand.plans[Math.floor(index / BRANDS.length) % brand.plans.length]!;
  const plan = await app.db
    .selectFrom('product')
    .selectAll()
    .where('partner_id', '=', brand.partnerId)
    .where('plan_key', '=', planKey)
    .executeTakeFirstOrThrow();
  const ip = `10.78.${(index >> 8) & 255}.${index & 255}`;
  const order = await inject(app, 'POST', '/v1/subscription/change/request', {
    host: brand.host,
    token,
    ip,
    body: {
      price_id: plan.monthly_price_id,
      product_id: plan.id,
      pay_type: 'monthly',
      name: `Storm Buyer ${index}`,
      email: `storm-${index}@example.org`,
      city: 'Berlin',
      country: 'DE',
      phone: '',
      street: 'Hauptstraße 1',
      zipcode: '10115',
      address: '',
    },
  });
  expectStatus(order, 200, `order of buyer ${index}`);
  const secret = (order.json() as { secret: string }).secret;
  const method = METHODS[index % METHODS.length]!;
  const form: Record<string, string> = {
    client_secret: secret,
    return_url: `http://${brand.host}/my-account/subscription/successful`,
    'payment_method_data[billing_details][name]': `Storm Buyer ${index}`,
    'payment_method_data[billing_details][email]': `storm-${index}@example.org`,
  };
  if ('card' in method) {
    form['payment_method_data[type]'] = 'card';
    form['payment_method_data[card][number]'] = method.card;
    form['payment_method_data[card][exp_month]'] = '12';
    form['payment_method_data[card][exp_year]'] = String(new Date().getUTCFullYear() + 3);
    form['payment_method_data[card][cvc]'] = '123';
  } else {
    form['payment_method_data[type]'] = 'sepa_debit';
    form['payment_method_data[sepa_debit][iban]'] = method.iban;
    form['mandate_data[customer_acceptance][type]'] = 'online';
  }
  const confirmed = await inject(
    app,
    'POST',
    `/sandbox/stripe/v1/payment_intents/${secret.split('_secret_')[0]}/confirm`,
    { form, ip },
  );
  // A declined card is answered 402, and its payment_failed event is emitted all the same.
  expectStatus(confirmed, 'card' in method && method.card === '4000000000000002' ? 402 : 200, 'confirm');
}

/** Plays the network between the sandbox and the webhook (see the file's comment). */
class Network {
  readonly figures: DeliveryFigures = { events: 0, deliveries: 0, failed: 0, deliveryMs: 0 };
  private readonly delivered = new Set<string>();
  /** Events whose next delivery fails, and at which stage. */
  private readonly armed = new Map<string, WebhookFaultStage>();
  private readonly random: () => number;

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: Required<Omit<ScenarioOptions, 'users' | 'months' | 'mode'>> & {
      mode: DeliveryMode;
    },
  ) {
    this.random = seededRandom(options.seed);
    const faults = app.webhookFaults;
    if (!faults) throw new Error('the webhook fault seam is not available');
    faults.inject = (event, stage) => {
      if (this.armed.get(event.id) !== stage) return;
      this.armed.delete(event.id);
      throw new Error(`injected webhook failure (${stage}) for ${event.id}`);
    };
  }

  /** Delivers every event emitted since the last call; answers how many there were. */
  async deliverNew(): Promise<number> {
    const rows = await sandboxTables(this.app)
      .selectFrom('stripe_sandbox_event')
      .select(['id', 'sequence'])
      .orderBy('sequence')
      .orderBy('created_at')
      .execute();
    const fresh = rows.map((row) => row.id).filter((id) => !this.delivered.has(id));
    if (fresh.length === 0) return 0;
    for (const id of fresh) this.delivered.add(id);
    this.figures.events += fresh.length;
    const started = performance.now();
    if (this.options.mode === 'ordered') {
      for (const id of fresh) await this.deliver(id);
    } else {
      await this.storm(fresh);
    }
    this.figures.deliveryMs += performance.now() - started;
    return fresh.length;
  }

  private async storm(events: string[]): Promise<void> {
    const stages: WebhookFaultStage[] = ['received', 'applied', 'recorded'];
    let failures = 0;
    for (const id of events) {
      if (this.random() < this.options.failShare) this.armed.set(id, stages[failures++ % stages.length]!);
    }
    const queue = shuffle(
      events.flatMap((id) => Array.from({ length: this.options.copies }, () => id)),
      this.random,
    );
    // Copies of one event are never in flight together, so "first delivery" is well defined.
    const inFlight = new Set<string>();
    const next = (): string | undefined => {
      const at = queue.findIndex((id) => !inFlight.has(id));
      return at < 0 ? undefined : queue.splice(at, 1)[0];
    };
    const worker = async () => {
      for (;;) {
        const id = next();
        if (id === undefined) {
          if (queue.length === 0) return;
          await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        inFlight.add(id);
        try {
          await this.deliver(id);
        } finally {
          inFlight.delete(id);
        }
      }
    };
    await Promise.all(Array.from({ length: this.options.concurrency }, worker));
  }

  private async deliver(eventId: string): Promise<void> {
    const delivery = await this.app.payments.sandbox!.deliverEvent(eventId);
    if (!delivery) throw new Error(`no event ${eventId}`);
    this.figures.deliveries += 1;
    if (delivery.statusCode === 500) this.figures.failed += 1;
    else if (delivery.statusCode !== 200) throw new Error(`webhook answered ${delivery.statusCode}`);
  }

  close(): void {
    this.app.webhookFaults!.inject = null;
  }
}

/** Runs due jobs (settlements, mails, period ends) and delivers what they emit, until all is quiet. */
async function settle(app: FastifyInstance, network: Network): Promise<void> {
  for (let round = 0; round < 50; round += 1) {
    const ran = await app.jobs.runDue();
    const delivered = await network.deliverNew();
    if (ran === 0 && delivered === 0) return;
  }
  throw new Error('the scenario did not settle');
}

async function advance(app: FastifyInstance, ms: number, network: Network): Promise<void> {
  // The clock moves without the dev clock's own job run: settle() runs them and plays the network.
  app.clock.advance(ms);
  await settle(app, network);
}

export interface ScenarioResult {
  figures: DeliveryFigures;
  /** Business time when the scenario began (the state's days are counted from it). */
  startedAt: number;
}

export async function runScenario(app: FastifyInstance, options: ScenarioOptions): Promise<ScenarioResult> {
  const sandbox = app.payments.sandbox;
  if (!sandbox) throw new Error('the scenario needs the payments sandbox');
  const startedAt = app.clock.now().getTime();
  sandbox.pauseDelivery(true);
  const network = new Network(app, {
    mode: options.mode,
    copies: options.copies ?? 3,
    failShare: options.failShare ?? 0.1,
    concurrency: options.concurrency ?? 8,
    seed: options.seed ?? 33,
  });
  try {
    for (let i = 0; i < options.users; i += 1) await buy(app, i);
    const settleMs = app.config.payments.sepaSettleSeconds * 1000 + 1000;
    await advance(app, settleMs, network);
    for (let month = 0; month < options.months; month += 1) {
      // Past the period end (and, for a debit, its settlement, and the retries of one that bounced).
      await advance(app, 31 * DAY_MS, network);
      await advance(app, settleMs, network);
    }
    await settle(app, network);
  } finally {
    network.close();
    sandbox.pauseDelivery(false);
  }
  return { figures: network.figures, startedAt };
}

/** Days since the scenario began (periods are whole days apart; the runs' seconds differ). */
const dayOf = (iso: string | null, startedAt: number) =>
  iso === null ? null : Math.round((new Date(iso).getTime() - startedAt) / DAY_MS);

/**
 * What must come out the same after a storm as after the in-order replay: per buyer (by e-mail)
 * the orders in the order they were placed, the plan, and the mails; per brand the set of invoice
 * numbers. Ids, order numbers and times of day differ between two runs and are left out.
 */
export async function stateOf(app: FastifyInstance, startedAt: number) {
  const orders = await app.db
    .selectFrom('subscription_order')
    .innerJoin('user', 'user.id', 'subscription_order.user_id')
    .innerJoin('product', 'product.id', 'subscription_order.product_id')
    .select([
      'user.email',
      'subscription_order.kind',
      'subscription_order.status',
      'product.plan_key',
      'subscription_order.pay_type',
      'subscription_order.amount_cents',
      'subscription_order.payment_type',
      'subscription_order.failure_code',
      'subscription_order.invoice_number',
      'subscription_order.partner_id',
      'subscription_order.period_start',
      'subscription_order.period_end',
      'subscription_order.created_at',
    ])
    .execute();
  const subscriptions = await app.db
    .selectFrom('user_subscription')
    .innerJoin('user', 'user.id', 'user_subscription.user_id')
    .leftJoin('product', 'product.id', 'user_subscription.product_id')
    .select([
      'user.email',
      'product.plan_key',
      'user_subscription.pay_type',
      'user_subscription.current_period_start',
      'user_subscription.current_period_end',
      'user_subscription.renewal_failures',
      'user_subscription.ended_at',
      'user_subscription.payment_method_type',
    ])
    .where('user.email', 'like', 'storm-%')
    .execute();
  const mails = await app.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'kind'])
    .where('to_address', 'like', 'storm-%')
    .execute();

  const byBuyer = new Map<string, { orders: unknown[]; plan: unknown; mails: string[] }>();
  const buyer = (email: string) => {
    let entry = byBuyer.get(email);
    if (!entry) byBuyer.set(email, (entry = { orders: [], plan: null, mails: [] }));
    return entry;
  };
  const placed = [...orders].sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const order of placed) {
    buyer(order.email).orders.push({
      kind: order.kind,
      status: order.status,
      plan: order.plan_key,
      payType: order.pay_type,
      amountCents: order.amount_cents,
      paymentType: order.payment_type,
      failure: order.failure_code,
      invoiced: order.invoice_number !== null,
      periodStartDay: dayOf(order.period_start, startedAt),
      periodEndDay: dayOf(order.period_end, startedAt),
    });
  }
  for (const s of subscriptions) {
    buyer(s.email).plan = {
      plan: s.plan_key,
      payType: s.pay_type,
      periodStartDay: dayOf(s.current_period_start, startedAt),
      periodEndDay: dayOf(s.current_period_end, startedAt),
      renewalFailures: s.renewal_failures,
      endedDay: dayOf(s.ended_at, startedAt),
      paymentType: s.payment_method_type,
    };
  }
  for (const mail of mails) buyer(mail.to_address).mails.push(mail.kind);
  for (const entry of byBuyer.values()) entry.mails.sort();

  const invoiceNumbers: Record<string, string[]> = {};
  for (const order of orders) {
    if (order.invoice_number) (invoiceNumbers[order.partner_id] ??= []).push(order.invoice_number);
  }
  for (const numbers of Object.values(invoiceNumbers)) numbers.sort();
  return {
    buyers: Object.fromEntries([...byBuyer.entries()].sort(([a], [b]) => a.localeCompare(b))),
    invoiceNumbers,
  };
}

/** Events the sandbox emitted that our webhook never recorded as processed (lost). */
export async function unprocessedEvents(app: FastifyInstance): Promise<string[]> {
  const rows = await sandboxTables(app)
    .selectFrom('stripe_sandbox_event')
    .leftJoin('payment_webhook_event', 'payment_webhook_event.id', 'stripe_sandbox_event.id')
    .select(['stripe_sandbox_event.id', 'payment_webhook_event.processed_at'])
    .execute();
  return rows.filter((row) => row.processed_at === null).map((row) => row.id);
}
