import { afterEach, describe, expect, it } from 'vitest';
import { WEBHOOK_RECONCILE_JOB } from '../src/modules/subscription/payment-events/webhook-reconcile.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { mailbox, registeredUser } from './identity-helpers.ts';
import { advanceTo, confirmWith, myInfo, ordersOf, placeOrder } from './support/buying.ts';
import { sandboxEvents, sandboxTables } from './support/payments.ts';
import { runScenario, stateOf, unprocessedEvents } from './support/webhook-storm.ts';

/**
 * Webhooks under load (issue 33 item 24): the events of real purchases and renewals of many
 * buyers, delivered three times each in shuffled order with 10 % of first deliveries answered 500,
 * leave exactly the state that delivering each once in order leaves on a fresh database.
 * bench/webhooks.bench.ts runs the same with 1,000 events; CI uses fewer (STORM_USERS).
 */
const USERS = Number(process.env.STORM_USERS ?? 15);
/** A year of monthly renewals: most events come from renewals (signing up costs two password hashes). */
const MONTHS = 12;

let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

describe('webhooks under load', () => {
  it('delivers every event 3 times shuffled, 10 % of first deliveries failing: no duplicate, nothing lost, the in-order state', async () => {
    const reference = await createTestApp();
    const stormed = await createTestApp();
    apps = [reference, stormed];

    // Two databases side by side (each app hashes its buyers' passwords on its own worker).
    const [inOrder, storm] = await Promise.all([
      runScenario(reference.app, { users: USERS, months: MONTHS, mode: 'ordered' }),
      runScenario(stormed.app, { users: USERS, months: MONTHS, mode: 'storm' }),
    ]);

    expect(storm.figures.events).toBe(inOrder.figures.events);
    expect(storm.figures.events).toBeGreaterThanOrEqual(USERS * 8);
    expect(storm.figures.deliveries).toBe(storm.figures.events * 3);
    // About 10 % of the events had their first delivery answered 500.
    expect(storm.figures.failed).toBeGreaterThan(storm.figures.events * 0.05);
    expect(storm.figures.failed).toBeLessThan(storm.figures.events * 0.15);

    // Nothing lost: every event the sandbox emitted was processed, and it knows them delivered.
    expect(await unprocessedEvents(stormed.app)).toEqual([]);
    const undelivered = await sandboxTables(stormed.app)
      .selectFrom('stripe_sandbox_event')
      .select('id')
      .where('delivered', '=', 0)
      .execute();
    expect(undelivered).toEqual([]);

    const expected = await stateOf(reference.app, inOrder.startedAt);
    const actual = await stateOf(stormed.app, storm.startedAt);
    // No duplicate invoice number, and the same set per brand as in order.
    for (const numbers of Object.values(actual.invoiceNumbers)) {
      expect(new Set(numbers).size).toBe(numbers.length);
    }
    expect(actual.invoiceNumbers).toEqual(expected.invoiceNumbers);
    // Per buyer: the same orders (none twice), plan and mails (none twice).
    expect(actual.buyers).toEqual(expected.buyers);
    const paid = Object.values(actual.buyers).flatMap((b) =>
      (b.orders as Array<{ status: string }>).filter((o) => o.status === 'paid'),
    );
    expect(paid.length).toBeGreaterThan(USERS);
  }, 600_000);
});

describe('webhook reconciliation', () => {
  const SIX_HOURS_S = 6 * 3600;

  it('applies an event whose every delivery failed, once the reconciliation job runs after a clock advance', async () => {
    const t = await createTestApp({ WEBHOOK_RECONCILE_INTERVAL_S: String(SIX_HOURS_S) });
    apps = [t];
    const { app } = t;
    // Start just after a reconciliation run: the next one is six hours of business time away.
    const scheduled = await app.db
      .selectFrom('job')
      .select('run_at')
      .where('type', '=', WEBHOOK_RECONCILE_JOB)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await advanceTo(app, new Date(new Date(scheduled.run_at).getTime() + 1000));

    const buyers = [await registeredUser(app), await registeredUser(app)];
    const orders = [];
    for (const buyer of buyers) {
      const order = await placeOrder(app, buyer, { plan: 'premium' });
      orders.push(order);
    }
    // The endpoint answers 500 to every delivery (the reconciliation does not go through it).
    app.webhookFaults!.inject = (_event, stage) => {
      if (stage === 'received') throw new Error('endpoint down');
    };
    for (const order of orders) {
      expect((await confirmWith(app, order.secret, { card: '4242424242424242' })).statusCode).toBe(200);
    }
    // Two hours in steps: the sandbox's delivery job tries 8 times with backoff (30 s doubling,
    // about an hour in all) and gives up.
    for (let step = 0; step < 12; step += 1) {
      await advanceTo(app, new Date(app.clock.now().getTime() + 10 * 60_000));
    }
    const events = await Promise.all(orders.map((o) => sandboxEvents(app, o.paymentIntentId)));
    const succeeded = events.map((list) => list.find((e) => e.type === 'payment_intent.succeeded')!);
    for (const event of succeeded) {
      expect(event.delivered).toBe(0);
      expect(event.delivery_attempts).toBe(8);
      expect(event.last_delivery_status).toBe(500);
    }
    for (const buyer of buyers) {
      expect((await ordersOf(app, buyer.id)).map((o) => o.status)).toEqual(['placed']);
    }

    // The provider reports them, newest first, a page at a time (Stripe's list and cursor).
    const list = (query: string) =>
      app.inject({
        method: 'GET',
        url: `/sandbox/stripe/v1/events?${query}`,
        headers: { authorization: `Bearer ${app.payments.secretKey}` },
      });
    const first = await list('delivery_success=false&limit=1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ object: 'list', has_more: true, url: '/v1/events' });
    expect(first.json().data.map((e: { id: string }) => e.id)).toEqual([succeeded[1]!.id]);
    expect(first.json().data[0]).toMatchObject({ object: 'event', pending_webhooks: 1 });
    const second = await list(`delivery_success=false&limit=1&starting_after=${succeeded[1]!.id}`);
    expect(second.json().data.map((e: { id: string }) => e.id)).toEqual([succeeded[0]!.id]);
    const all = await list('delivery_success=false&limit=100');
    expect(all.json().has_more).toBe(false);
    expect((await list('delivery_success=true')).json().data).toEqual([]);

    // The reconciliation's run, six hours after the last one, applies them: paid, invoiced, mailed once.
    await advanceTo(app, new Date(app.clock.now().getTime() + 4 * 3600_000 + 60_000));
    for (const buyer of buyers) {
      const [order] = await ordersOf(app, buyer.id);
      expect(order!.status).toBe('paid');
      expect(order!.invoice_number).toMatch(/-\d{6}$/);
      expect((await myInfo(app, buyer)).product?.name).toBe('Premium');
      const paidMails = (await mailbox(app)).filter(
        (m) => m.to === buyer.email && m.kind === 'subscription-order-paid',
      );
      expect(paidMails).toHaveLength(1);
    }
    // A later run, and a late delivery once the endpoint is back, change nothing.
    app.webhookFaults!.inject = null;
    const delivery = await app.payments.sandbox!.deliverEvent(succeeded[0]!.id);
    expect(delivery).toMatchObject({ statusCode: 200, delivered: true });
    await advanceTo(app, new Date(app.clock.now().getTime() + SIX_HOURS_S * 1000));
    const paidMails = (await mailbox(app)).filter((m) => m.kind === 'subscription-order-paid');
    expect(paidMails).toHaveLength(2);
    const numbers = await app.db
      .selectFrom('subscription_order')
      .select('invoice_number')
      .where('status', '=', 'paid')
      .execute();
    expect(numbers).toHaveLength(2);
  }, 120_000);
});
