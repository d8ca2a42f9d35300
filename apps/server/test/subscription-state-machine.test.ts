import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import { advanceDays, confirmWith, planOf, requestPayment, runJobs, type Buyer } from './support/buying.ts';

/**
 * A property test of the subscription state machine: random sequences of what users and the
 * world do (buy by card or SEPA, declines, duplicated and replayed payment events, cancel,
 * revoke, downgrade and its cancellation, cards that start failing, time passing) never give a
 * user two open purchases, a paid order without an invoice number, a gap in a brand's invoice
 * numbers, a charge after a termination, or a lost period.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_SEPA_SETTLE_S: '60' });
});
afterAll(async () => t?.close());

type Action =
  | {
      kind: 'buy';
      plan: 'basic' | 'premium';
      payType: 'monthly' | 'yearly';
      method: 'card' | 'declined' | 'sepa' | 'sepa-fail';
    }
  | { kind: 'replay-events' }
  | { kind: 'run-jobs' }
  | { kind: 'advance'; days: number }
  | { kind: 'cancel' }
  | { kind: 'revoke' }
  | { kind: 'downgrade' }
  | { kind: 'cancel-downgrade' }
  | { kind: 'card-starts-failing' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    plan: fc.constantFrom('basic' as const, 'premium' as const),
    payType: fc.constantFrom('monthly' as const, 'yearly' as const),
    method: fc.constantFrom('card' as const, 'declined' as const, 'sepa' as const, 'sepa-fail' as const),
  }),
  fc.constant({ kind: 'replay-events' as const }),
  fc.constant({ kind: 'run-jobs' as const }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 0, max: 40 }) }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'revoke' as const }),
  fc.constant({ kind: 'downgrade' as const }),
  fc.constant({ kind: 'cancel-downgrade' as const }),
  fc.constant({ kind: 'card-starts-failing' as const }),
);

const subscriptionOf = (userId: string) =>
  t.app.db
    .selectFrom('user_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

async function perform(user: Buyer, action: Action, terminations: Set<string>): Promise<void> {
  const post = (path: string, body: unknown = {}) => v1(t.app, 'POST', path, body, as(user));
  switch (action.kind) {
    case 'buy': {
      const res = await requestPayment(t.app, user, { plan: action.plan, payType: action.payType });
      if (res.statusCode !== 200) return; // open order, current plan, negative proration: refused, nothing changed
      const { secret, order_id: orderId } = res.json() as { secret: string; order_id: string };
      const method =
        action.method === 'card'
          ? { card: '4242424242424242' }
          : action.method === 'declined'
            ? { card: '4000000000000002' }
            : { iban: action.method === 'sepa' ? 'DE89370400440532013000' : 'DE62370400440532013001' };
      const confirmed = await confirmWith(t.app, secret, method);
      if (confirmed.statusCode === 402) {
        await v1(t.app, 'DELETE', `/v1/order/delete?id=${orderId}`, undefined, as(user));
      }
      return;
    }
    case 'replay-events': {
      // Duplicated, late and reordered deliveries: the service reads the intents again each time.
      const orders = await t.app.db
        .selectFrom('subscription_order')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      for (const order of [...orders].reverse()) {
        if (!order.payment_intent_id) continue;
        const intent = await t.app.payments.provider!.retrievePaymentIntent(order.payment_intent_id);
        await t.app.subscription.applyPaymentIntent(intent);
        await t.app.subscription.applyPaymentIntent(intent);
      }
      return;
    }
    case 'run-jobs':
      return runJobs(t.app);
    case 'advance': {
      // A termination is "charged after" if a renewal starts at the period end it applied to.
      const before = await subscriptionOf(user.id);
      if (before.cancel_at_period_end === 1 && before.current_period_end)
        terminations.add(before.current_period_end);
      await advanceDays(t.app, action.days);
      return;
    }
    case 'cancel':
      await post('/v1/subscription/cancel');
      return;
    case 'revoke':
      await post('/v1/subscription/cancel/revoke');
      return;
    case 'downgrade': {
      const basic = await planOf(t.app, 'basic');
      await post('/v1/subscription/downgrade', { price_id: basic.yearly_price_id });
      return;
    }
    case 'cancel-downgrade':
      await post('/v1/subscription/cancel/downgrade');
      return;
    case 'card-starts-failing': {
      const { default_payment_method_id: method } = await subscriptionOf(user.id);
      if (!method) return;
      await t.app.inject({
        method: 'POST',
        url: `/sandbox/stripe/v1/test_helpers/payment_methods/${method}/decline_future_charges`,
        headers: { authorization: `Bearer ${t.app.payments.secretKey}` },
      });
      return;
    }
  }
}

async function checkInvariants(userId: string, terminations: Set<string>): Promise<void> {
  const orders = await t.app.db
    .selectFrom('subscription_order')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const open = orders.filter(
    (o) => o.kind === 'purchase' && (o.status === 'placed' || o.status === 'processing'),
  );
  expect(open.length).toBeLessThanOrEqual(1);

  const paid = orders.filter((o) => o.status === 'paid').sort((a, b) => a.paid_at!.localeCompare(b.paid_at!));
  for (const order of paid) {
    expect(order.invoice_number).toMatch(/^PP-\d{4}-\d{6}$/);
    expect(order.period_start && order.period_end).toBeTruthy();
  }
  // Every renewal continues the period before it: no paid time lost or given twice.
  for (const renewal of paid.filter((o) => o.kind === 'renewal')) {
    const previous = paid.find((o) => o.period_end === renewal.period_start);
    expect(previous, `renewal ${renewal.id} continues a paid period`).toBeTruthy();
    expect(terminations.has(renewal.period_start!), 'no charge after a termination').toBe(false);
  }
  // One plan: the subscription row is the latest paid order's plan while its period runs.
  const sub = await subscriptionOf(userId);
  const latest = paid.at(-1);
  if (sub.current_period_end) {
    expect(latest).toBeTruthy();
    expect(sub.product_id).toBe(latest!.product_id);
    expect(sub.current_period_end).toBe(latest!.period_end);
  } else {
    const product = await t.app.db
      .selectFrom('product')
      .select('is_default')
      .where('id', '=', sub.product_id)
      .executeTakeFirstOrThrow();
    expect(product.is_default).toBe(1);
  }
  // The brand's invoice numbers are 1..N: no gap, no duplicate.
  const seqs = (
    await t.app.db
      .selectFrom('subscription_order')
      .select('invoice_seq')
      .where('partner_id', '=', 'primepet')
      .where('invoice_seq', 'is not', null)
      .execute()
  )
    .map((row) => row.invoice_seq!)
    .sort((a, b) => a - b);
  expect(seqs).toEqual(seqs.map((_, index) => index + 1));
}

describe('subscription state machine (property)', () => {
  it('holds its invariants under random sequences of purchases, events, changes and time', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 3, maxLength: 9 }), async (actions) => {
        const user = await registeredUser(t.app);
        const terminations = new Set<string>();
        for (const action of actions) {
          await perform(user, action, terminations);
          await checkInvariants(user.id, terminations);
        }
        await runJobs(t.app);
        await checkInvariants(user.id, terminations);
      }),
      { numRuns: 12, endOnFailure: true },
    );
  }, 300_000);
});
