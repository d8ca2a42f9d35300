import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_CANCELLATION_API_PATH, WITHDRAWAL_API_PATH } from '@pet/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, freshIp, mailbox, registeredUser, uniqueEmail, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import { advanceDays, confirmWith, ordersOf, placeOrder, runJobs } from './support/buying.ts';
import { sandboxTables } from './support/payments.ts';
import { withdrawalRefundCents } from '../src/modules/subscription/lifecycle/withdrawal.ts';

/**
 * § 312k BGB (issue 33.17): the public "Verträge hier kündigen" form cancels a matching account's
 * plan as the account area does, confirms receipt with date and time and the end date by mail,
 * and answers an unknown address alike; the signed-in cancellation mail names its receipt too.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function paidUser(language: 'de' | 'en' = 'de', startConsent?: boolean) {
  const user = await registeredUser(t.app, { language });
  const { secret } = await placeOrder(t.app, user, { plan: 'premium', payType: 'yearly', startConsent });
  expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
  await runJobs(t.app);
  return user;
}

const declare = (body: Record<string, unknown>, ip = freshIp(), language = 'de') =>
  call(t.app, 'POST', CONTRACT_CANCELLATION_API_PATH, body, {
    ip,
    headers: { 'accept-language': language },
  });

const subscriptionOf = (userId: string) =>
  t.app.db
    .selectFrom('user_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();

/** dd.MM.yyyy of an ISO time in German time, and its HH:mm. */
const berlin = (iso: string) => ({
  day: new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso)),
  time: new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso)),
});

describe(`POST ${CONTRACT_CANCELLATION_API_PATH}`, { timeout: 90_000 }, () => {
  it('cancels a matching paid plan at its period end (as the account area does) and mails the receipt with date, time and end date', async () => {
    const user = await paidUser('de');
    const res = await declare({
      name: 'Erika Mustermann',
      email: user.email.toUpperCase(),
      contract: 'Premium',
      kind: 'ordinary',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { received_at } = res.json() as { received_at: string };
    expect(Object.keys(res.json() as object)).toEqual(['received_at']);
    await runJobs(t.app);

    const subscription = await subscriptionOf(user.id);
    expect(subscription.cancel_at_period_end).toBe(1);
    expect((await v1(t.app, 'GET', '/v1/subscription/cancelat', undefined, as(user))).json()).toEqual({
      status: 'cancel',
    });
    const mails = (await mailbox(t.app)).filter((m) => m.to === user.email);
    const receipt = mails.filter((m) => m.kind === 'contract-cancellation-receipt');
    expect(receipt).toHaveLength(1);
    // One confirmation: the receipt, not the account area's mail besides it.
    expect(mails.some((m) => m.kind === 'subscription-termination-confirmed')).toBe(false);
    const { day, time } = berlin(received_at);
    const end = berlin(subscription.current_period_end!).day;
    expect(receipt[0]!.text).toContain(`Eingegangen am: ${day} um ${time} Uhr`);
    expect(receipt[0]!.text).toContain(`Vertragsende: ${end}`);
    expect(receipt[0]!.text).toContain('Art der Kündigung: ordentlich');
    expect(receipt[0]!.text).toContain(`Ihr Vertrag endet am ${end}`);
  });

  it('answers an unknown e-mail alike and changes nothing; the address given gets a neutral receipt', async () => {
    const email = uniqueEmail('nobody');
    const known = await paidUser('en');
    const body = {
      name: 'Max Muster',
      contract: 'Premium',
      kind: 'extraordinary',
      wanted_date: '2027-01-31',
      reason: 'Moved abroad',
    };
    const unknown = await declare({ ...body, email }, freshIp(), 'en');
    const matching = await declare({ ...body, email: known.email }, freshIp(), 'en');
    expect(unknown.statusCode).toBe(200);
    expect(matching.statusCode).toBe(200);
    expect(Object.keys(unknown.json() as object)).toEqual(Object.keys(matching.json() as object));
    expect(unknown.body.length).toBe(matching.body.length);
    const jobsBefore = await t.app.db
      .selectFrom('user_subscription')
      .select(['user_id', 'cancel_at_period_end'])
      .execute();
    await runJobs(t.app);
    const after = await t.app.db
      .selectFrom('user_subscription')
      .select(['user_id', 'cancel_at_period_end'])
      .execute();
    // Only the matching account changed.
    const changed = after.filter(
      (row) =>
        jobsBefore.find((b) => b.user_id === row.user_id)?.cancel_at_period_end !== row.cancel_at_period_end,
    );
    expect(changed.map((row) => row.user_id)).toEqual([known.id]);

    const neutral = (await mailbox(t.app)).find((m) => m.to === email);
    expect(neutral?.kind).toBe('contract-cancellation-receipt');
    expect(neutral?.text).toContain('We found no running paid contract');
    expect(neutral?.text).toContain('Kind of cancellation: extraordinary');
    expect(neutral?.text).toContain('Reason: Moved abroad');
    expect(neutral?.text).toContain('Wanted end: 31.01.2027');
    const review = (await mailbox(t.app)).find(
      (m) => m.to === known.email && m.kind === 'contract-cancellation-receipt',
    );
    expect(review?.text).toContain('We are reviewing your extraordinary cancellation');
  });

  it('checks the fields (reason for an extraordinary one) and limits the attempts per address', async () => {
    const missing = await declare({
      name: 'A',
      email: uniqueEmail(),
      contract: 'Basic',
      kind: 'extraordinary',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ key: 'Contract_Cancellation_Reason_Error', field: 'reason' });
    expect(
      (await declare({ name: 'A', email: 'no-mail', contract: 'Basic', kind: 'ordinary' })).statusCode,
    ).toBe(400);
    const email = uniqueEmail('flood');
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push((await declare({ name: 'A', email, contract: 'Basic', kind: 'ordinary' })).statusCode);
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});

describe('the footer of the server-rendered public pages', () => {
  it.each([
    ['de', 'Verträge hier kündigen'],
    ['en', 'Cancel contracts here'],
  ] as const)('/notfall links the cancellation page (%s)', async (lang, label) => {
    const res = await call(t.app, 'GET', `/notfall?lang=${lang}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<footer class="legal"><a href="/contract-cancellation">${label}</a></footer>`,
    );
  });
});

describe('the signed-in cancellation mail', { timeout: 90_000 }, () => {
  it('states when the cancellation was received', async () => {
    const user = await paidUser('en');
    const before = t.app.clock.now().toISOString();
    const res = await v1(t.app, 'POST', '/v1/subscription/cancel', {}, as(user));
    expect(res.statusCode, res.body).toBe(200);
    const after = t.app.clock.now().toISOString();
    await runJobs(t.app);
    const mail = (await mailbox(t.app)).find(
      (m) => m.to === user.email && m.kind === 'subscription-termination-confirmed',
    );
    // (The request may cross a minute boundary.)
    const expected = [before, after].map(
      (at) => `Cancellation received on: ${berlin(at).day} at ${berlin(at).time} (German time)`,
    );
    expect(expected.some((line) => mail?.text.includes(line))).toBe(true);
  });
});

/** The free plan of the default brand. */
const freePlanId = async () =>
  (
    await t.app.db
      .selectFrom('product')
      .select('id')
      .where('partner_id', '=', 'primepet')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;

const refundsOf = async (paymentIntentId: string) =>
  (
    await sandboxTables(t.app)
      .selectFrom('stripe_sandbox_object')
      .select('data')
      .where('object', '=', 'refund')
      .execute()
  )
    .map((row) => JSON.parse(row.data) as { amount: number; payment_intent: string })
    .filter((refund) => refund.payment_intent === paymentIntentId);

// Last: these move the business clock.
describe('withdrawal (Widerruf, 14 days)', { timeout: 90_000 }, () => {
  it('refunds the unused share pro rata with the consent to start at once, ends the plan and issues the correction', async () => {
    const user = await paidUser('de', true);
    const [order] = await ordersOf(t.app, user.id);
    expect(order!.start_consent_at).not.toBeNull();
    await advanceDays(t.app, 3);
    const status = await v1(t.app, 'GET', WITHDRAWAL_API_PATH, undefined, as(user));
    expect(status.statusCode, status.body).toBe(200);
    const expected = withdrawalRefundCents(order!, t.app.clock.now());
    // About 362 of 365 days are unused: 59.99 EUR * 362/365, to the cent.
    expect(expected).toBeGreaterThan(5900);
    expect(expected).toBeLessThan(5999);
    expect(status.json()).toMatchObject({ withdrawable: true, refund: expected / 100 });

    const res = await v1(t.app, 'POST', WITHDRAWAL_API_PATH, {}, as(user));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { refund: number; credit_note_number: string };
    // The clock may have moved a little between the two calls: within a cent.
    expect(Math.abs(answer.refund * 100 - expected)).toBeLessThanOrEqual(1);
    expect(answer.credit_note_number).toMatch(/^PP-G-\d{4}-\d{6}$/);
    expect(await refundsOf(order!.payment_intent_id!)).toMatchObject([
      { amount: Math.round(answer.refund * 100) },
    ]);
    const subscription = await subscriptionOf(user.id);
    expect(subscription.product_id).toBe(await freePlanId());
    expect(subscription.current_period_end).toBeNull();
    await runJobs(t.app);
    const mail = (await mailbox(t.app)).find(
      (m) => m.to === user.email && m.kind === 'subscription-plan-withdrawn',
    );
    expect(mail?.text).toContain('Widerruf erhalten');
    // Once only.
    const again = await v1(t.app, 'POST', WITHDRAWAL_API_PATH, {}, as(user));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ key: 'Withdrawal_Not_Possible_Text' });
  });

  it('refunds everything without that consent; after 14 days there is no withdrawal', async () => {
    const full = await paidUser('en', false);
    const late = await paidUser('en', true);
    await advanceDays(t.app, 2);
    const res = await v1(t.app, 'POST', WITHDRAWAL_API_PATH, {}, as(full));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refund: 59.99 });
    await advanceDays(t.app, 13);
    expect((await v1(t.app, 'GET', WITHDRAWAL_API_PATH, undefined, as(late))).json()).toEqual({
      withdrawable: false,
      deadline: null,
      refund: null,
    });
    const refused = await v1(t.app, 'POST', WITHDRAWAL_API_PATH, {}, as(late));
    expect(refused.statusCode).toBe(400);
    expect((await subscriptionOf(late.id)).current_period_end).not.toBeNull();
    expect((await call(t.app, 'POST', WITHDRAWAL_API_PATH, {})).statusCode).toBe(401);
  });

  it('the public form withdraws too, and mails the refund and the correction invoice', async () => {
    const user = await paidUser('en', true);
    const res = await declare(
      { name: 'Erika Mustermann', email: user.email, contract: 'Premium', kind: 'withdrawal' },
      freshIp(),
      'en',
    );
    expect(res.statusCode, res.body).toBe(200);
    await runJobs(t.app);
    expect((await subscriptionOf(user.id)).product_id).toBe(await freePlanId());
    const receipt = (await mailbox(t.app)).find(
      (m) => m.to === user.email && m.kind === 'contract-cancellation-receipt',
    );
    expect(receipt?.subject).toContain('Your withdrawal was received');
    expect(receipt?.text).toMatch(/Invoice correction: PP-G-\d{4}-\d{6}/);
    expect(receipt?.text).toContain('Kind of cancellation: withdrawal');
  });
});
