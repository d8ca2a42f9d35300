import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as, createPet } from './support/owners.ts';
import {
  advanceDays,
  advanceTo,
  confirmWith,
  createCoupon,
  myInfo,
  ordersOf,
  placeOrder,
  planOf,
  runJobs,
  type Buyer,
} from './support/buying.ts';
import { PERIOD_END_JOB } from '../src/modules/subscription/subscription.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_SEPA_SETTLE_S: '60' });
});
afterAll(async () => t?.close());

const newBuyer = async (): Promise<Buyer & { email: string }> => registeredUser(t.app);

/** Buys a plan by card (4242 unless told) and waits for the webhook. */
async function buy(
  user: Buyer,
  plan: string,
  payType: 'monthly' | 'yearly' = 'yearly',
  options: { card?: string; couponId?: string } = {},
) {
  const { orderId, secret } = await placeOrder(t.app, user, {
    plan,
    payType,
    ...(options.couponId ? { couponId: options.couponId } : {}),
  });
  const res = await confirmWith(t.app, secret, { card: options.card ?? '4242424242424242' });
  expect(res.statusCode, res.body).toBe(200);
  await runJobs(t.app);
  return orderId;
}

const subscriptionRow = (userId: string) =>
  t.app.db
    .selectFrom('user_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** A minute after `days` days past a moment. */
const after = (iso: string, days: number) =>
  new Date(new Date(iso).getTime() + days * 24 * 3600 * 1000 + 60_000);

const post = (user: Buyer, path: string, body?: unknown) => v1(t.app, 'POST', path, body ?? {}, as(user));
const mailsTo = async (email: string) => (await mailbox(t.app)).filter((m) => m.to === email);

describe('cancel and revoke', () => {
  it('refuses cancelling the free plan with a message naming the support address; 401 signed out', async () => {
    const user = await newBuyer();
    const res = await post(user, '/v1/subscription/cancel');
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('Cancel_Free_Plan_Text');
    expect(res.json().message).toContain('support@prime-pet.de');
    expect((await v1(t.app, 'GET', '/v1/subscription/cancelat', undefined, as(user))).json()).toEqual({
      status: 'none',
    });
    expect((await call(t.app, 'POST', '/v1/subscription/cancel', {})).statusCode).toBe(401);
  });

  it('cancels at period end, revokes, cancels again and ends on the free plan without a charge', async () => {
    const user = await newBuyer();
    await buy(user, 'premium');
    const sub = await subscriptionRow(user.id);
    const cancelled = await post(user, '/v1/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().current_phase.end_date).toBe(
      Math.floor(new Date(sub.current_period_end!).getTime() / 1000),
    );
    expect((await v1(t.app, 'GET', '/v1/subscription/cancelat', undefined, as(user))).json().status).toBe(
      'cancel',
    );
    expect((await post(user, '/v1/subscription/cancel/revoke')).statusCode).toBe(200);
    expect((await v1(t.app, 'GET', '/v1/subscription/cancelat', undefined, as(user))).json().status).toBe(
      'active',
    );
    expect((await post(user, '/v1/subscription/cancel/revoke')).json().key).toBe('Nothing_Pending_Text');
    await post(user, '/v1/subscription/cancel');
    await runJobs(t.app);

    await advanceDays(t.app, 367);
    const info = await myInfo(t.app, user);
    expect(info.product?.name).toBe('Free');
    const orders = await ordersOf(t.app, user.id);
    expect(orders).toHaveLength(1);
    const subjects = (await mailsTo(user.email)).map((m) => m.subject);
    expect(subjects.some((s) => /cancellation confirmed|kündigung bestätigt/i.test(s))).toBe(true);
    expect(subjects.some((s) => /revoked|widerrufen/i.test(s))).toBe(true);
    expect(subjects.some((s) => /plan has ended|tarif ist beendet/i.test(s))).toBe(true);
  });
});

describe('renewals', () => {
  it('renews at period end: a new paid order, the next invoice number, the period continues without a gap', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'monthly');
    const first = await subscriptionRow(user.id);
    await advanceDays(t.app, 32);
    const orders = (await ordersOf(t.app, user.id)).sort((a, b) => a.created_at.localeCompare(b.created_at));
    expect(orders.map((o) => [o.kind, o.status])).toEqual([
      ['purchase', 'paid'],
      ['renewal', 'paid'],
    ]);
    expect(orders[1]!.period_start).toBe(first.current_period_end);
    expect(orders[1]!.amount_cents).toBe(299);
    expect(orders[1]!.invoice_seq).toBe(orders[0]!.invoice_seq! + 1);
    const after = await subscriptionRow(user.id);
    expect(after.current_period_start).toBe(first.current_period_end);
    expect((await myInfo(t.app, user)).product?.name).toBe('Basic');
  });

  it('a period-end job that runs twice charges once', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'monthly');
    const sub = await subscriptionRow(user.id);
    const payload = { userId: user.id, periodEnd: sub.current_period_end! };
    await t.app.subscription.periodEnded(payload);
    await t.app.subscription.periodEnded(payload);
    await runJobs(t.app);
    const renewals = (await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal');
    expect(renewals).toHaveLength(1);
    const jobs = await t.app.db
      .selectFrom('job')
      .select('id')
      .where('type', '=', PERIOD_END_JOB)
      .where('dedupe_key', 'like', `period-end:${user.id}:%`)
      .execute();
    expect(jobs.length).toBeGreaterThanOrEqual(2);
  });

  it('applies a forever coupon to renewals', async () => {
    const user = await newBuyer();
    const coupon = await createCoupon(t.app, { duration: 'forever', percent_off: 50 });
    await buy(user, 'basic', 'monthly', { couponId: coupon.id });
    await advanceDays(t.app, 32);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal');
    // Half of 2.99 rounds in the customer's favour.
    expect(renewal).toMatchObject({ status: 'paid', amount_cents: 149, discount_cents: 150 });
  });

  it('a card that starts failing: grace period with mails, update through the hosted page, retry succeeds', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'monthly');
    const sub = await subscriptionRow(user.id);
    const helper = await t.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/v1/test_helpers/payment_methods/${sub.default_payment_method_id}/decline_future_charges`,
      headers: { authorization: `Bearer ${t.app.payments.secretKey}` },
    });
    expect(helper.statusCode, helper.body).toBe(200);
    await advanceTo(t.app, after(sub.current_period_end!, 0));
    let row = await subscriptionRow(user.id);
    expect(row.renewal_failures).toBe(1);
    expect((await myInfo(t.app, user)).product?.name).toBe('Basic');
    expect(
      (await mailsTo(user.email)).some((m) => /renewal failed|verlängerung fehlgeschlagen/i.test(m.subject)),
    ).toBe(true);

    const session = await post(user, '/v1/subscription/update_payment');
    expect(session.statusCode, session.body).toBe(200);
    const url = new URL(session.json().url);
    const page = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(page.statusCode).toBe(200);
    const action = /<form[^>]*action="([^"]+)"/i.exec(page.body)?.[1];
    expect(action, page.body).toBeTruthy();
    const done = await t.app.inject({
      method: 'POST',
      url: action!.replace(/&amp;/g, '&'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        type: 'card',
        number: '4242424242424242',
        exp: '12/40',
        cvc: '123',
        name: 'Erika',
      }).toString(),
    });
    expect(done.statusCode, done.body).toBe(303);
    expect(done.headers.location).toContain('/my-account/payment-update/successful');
    await runJobs(t.app);
    row = await subscriptionRow(user.id);
    expect(row.renewal_failures).toBe(0);
    expect(row.default_payment_method_id).not.toBe(sub.default_payment_method_id);
    const method = await v1(t.app, 'GET', '/v1/user/payment_method', undefined, as(user));
    expect(method.json()).toMatchObject({
      type: 'card',
      last4: '4242',
      brand: 'visa',
      exp_month: 12,
      exp_year: 2040,
    });
    expect(
      (await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal' && o.status === 'paid'),
    ).toHaveLength(1);
  });

  it('after the last retry (days 1, 3 and 5) the plan ends and the user is told', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'monthly');
    const sub = await subscriptionRow(user.id);
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/v1/test_helpers/payment_methods/${sub.default_payment_method_id}/decline_future_charges`,
      headers: { authorization: `Bearer ${t.app.payments.secretKey}` },
    });
    const end = sub.current_period_end!;
    await advanceTo(t.app, after(end, 0));
    expect((await subscriptionRow(user.id)).renewal_failures).toBe(1);
    await advanceTo(t.app, after(end, 1));
    expect((await subscriptionRow(user.id)).renewal_failures).toBe(2);
    await advanceTo(t.app, after(end, 3));
    expect((await subscriptionRow(user.id)).renewal_failures).toBe(3);
    expect((await myInfo(t.app, user)).product?.name).toBe('Basic');
    await advanceTo(t.app, after(end, 5));
    expect((await myInfo(t.app, user)).product?.name).toBe('Free');
    const failed = (await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal');
    expect(failed.map((o) => o.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect((await mailsTo(user.email)).some((m) => /plan has ended|tarif ist beendet/i.test(m.subject))).toBe(
      true,
    );
  });
});

describe('downgrade', () => {
  /** dd.MM.yyyy of an instant in the seller's (German) calendar, as the test reads it. */
  const sellerDay = (at: Date) =>
    new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(at);

  it('schedules, cancels and reschedules a downgrade that takes effect at period end at the lower price', async () => {
    const user = await newBuyer();
    await buy(user, 'premium', 'yearly');
    const basic = await planOf(t.app, 'basic');
    const scheduled = await post(user, '/v1/subscription/downgrade', { price_id: basic.yearly_price_id });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    let info = await myInfo(t.app, user);
    expect(info.downgrading && info.downgrading.product.name).toBe('Basic');
    // Issue 33 items 8 and 9: one day for the change, computed by the server: the answer, myinfo
    // and the mail name it, and it is the day after the term's last day.
    const day = scheduled.json().effective_on as string;
    const full = (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as(user))).json();
    expect(full.downgrading.starts_on).toBe(day);
    expect(full.subscription_next_day).toBe(day);
    const [purchase] = await ordersOf(t.app, user.id);
    const periodEnd = new Date(purchase!.period_end!);
    expect(day).toBe(sellerDay(periodEnd));
    expect(full.subscription_last_day).toBe(sellerDay(new Date(periodEnd.getTime() - 24 * 3600 * 1000)));
    await runJobs(t.app);
    const mail = (await mailbox(t.app)).find(
      (m) => m.to === user.email && m.kind === 'subscription-downgrade-scheduled',
    );
    expect(mail?.text).toContain(day);
    expect((await v1(t.app, 'GET', '/v1/subscription/cancelat', undefined, as(user))).json().status).toBe(
      'downgrade',
    );
    expect((await post(user, '/v1/subscription/cancel/downgrade')).statusCode).toBe(200);
    expect((await myInfo(t.app, user)).downgrading).toBe(false);
    await post(user, '/v1/subscription/downgrade', { price_id: basic.yearly_price_id });
    await advanceDays(t.app, 367);
    info = await myInfo(t.app, user);
    expect(info.product?.name).toBe('Basic');
    expect(info.downgrading).toBe(false);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal');
    expect(renewal).toMatchObject({ status: 'paid', amount_cents: 2999, product_id: basic.id });
  });

  it('refuses targets the spec does not allow, and gift or promo users', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'yearly');
    const premium = await planOf(t.app, 'premium');
    const up = await post(user, '/v1/subscription/downgrade', { price_id: premium.yearly_price_id });
    expect(up.statusCode).toBe(400);
    expect(up.json().key).toBe('Downgrade_Target_Invalid_Text');
    await t.app.db
      .updateTable('user_subscription')
      .set({ is_gift: 1 })
      .where('user_id', '=', user.id)
      .execute();
    const gift = await post(user, '/v1/subscription/downgrade', { price_id: premium.yearly_price_id });
    expect(gift.statusCode).toBe(403);
    expect(gift.json().key).toBe('Downgrade_Not_Allowed_Text');
  });
});

describe('expiry and the reactivation window', () => {
  async function addDocuments(user: Buyer, petId: string, count: number) {
    const base = Date.now();
    for (let i = 0; i < count; i += 1) {
      const at = new Date(base + i * 1000).toISOString();
      await t.app.db
        .insertInto('document')
        .values({
          id: randomUUID(),
          user_id: user.id,
          pet_id: petId,
          document_type: 'Others',
          description: `doc ${i}`,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
  }
  const documentsOf = (userId: string) =>
    t.app.db
      .selectFrom('document')
      .select('description')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();

  it('after the window only the 5 newest documents remain, with a warning a week before', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'yearly');
    const pet = await createPet(t.app, user);
    await addDocuments(user, pet.id, 8);
    await post(user, '/v1/subscription/cancel');
    await advanceDays(t.app, 367);
    expect(await documentsOf(user.id)).toHaveLength(8);
    await advanceDays(t.app, 22);
    expect(
      (await mailsTo(user.email)).some((m) => /documents will be deleted|dokumente werden/i.test(m.subject)),
    ).toBe(true);
    expect(await documentsOf(user.id)).toHaveLength(8);
    await advanceDays(t.app, 7);
    expect((await documentsOf(user.id)).map((d) => d.description)).toEqual([
      'doc 3',
      'doc 4',
      'doc 5',
      'doc 6',
      'doc 7',
    ]);
  });

  it('buying again within 4 weeks keeps everything', async () => {
    const user = await newBuyer();
    await buy(user, 'basic', 'yearly');
    const pet = await createPet(t.app, user);
    await addDocuments(user, pet.id, 7);
    await post(user, '/v1/subscription/cancel');
    await advanceDays(t.app, 367);
    expect((await myInfo(t.app, user)).product?.name).toBe('Free');
    await advanceDays(t.app, 10);
    await buy(user, 'basic', 'yearly');
    await advanceDays(t.app, 30);
    expect(await documentsOf(user.id)).toHaveLength(7);
    expect((await myInfo(t.app, user)).product?.name).toBe('Basic');
  });
});

describe('payment method', () => {
  it('answers the saved method, and nothing before a purchase', async () => {
    const user = await newBuyer();
    const none = await v1(t.app, 'GET', '/v1/user/payment_method', undefined, as(user));
    expect(none.json()).toEqual({ type: null, last4: null, brand: null, exp_month: null, exp_year: null });
    await buy(user, 'basic');
    const card = await v1(t.app, 'GET', '/v1/user/payment_method', undefined, as(user));
    expect(card.json()).toMatchObject({ type: 'card', last4: '4242', brand: 'visa' });
    const refused = await post(user, '/v1/subscription/payment_update_session', {
      success_url: 'https://evil.example/ok',
      cancel_url: 'https://evil.example/no',
    });
    expect(refused.statusCode).toBe(400);
  });
});
