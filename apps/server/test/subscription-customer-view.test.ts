import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINE_TEXTS, declineText } from '@pet/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, cookiesOf, mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import {
  advanceTo,
  confirmWith,
  myInfo,
  ordersOf,
  placeOrder,
  runJobs,
  type Buyer,
} from './support/buying.ts';
import { answerThreeDSecure } from './support/payments.ts';

/**
 * Issue 33, "What the customer sees": provider decline codes in the customer's language (18),
 * a failed renewal's state in myinfo (19), a renewal that needs 3-D Secure paid on session from a
 * signed mail link (20), the restore date of an ended plan (23).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DAY = 24 * 3600;
const AUTH_ALWAYS_CARD = '4000002760003184';

async function buy(user: Buyer, card: string) {
  const { orderId, secret } = await placeOrder(t.app, user, { plan: 'basic', payType: 'monthly' });
  const res = await confirmWith(t.app, secret, { card });
  expect(res.statusCode, res.body).toBe(200);
  const next = res.json().next_action as { redirect_to_url: { url: string } } | null;
  if (next)
    expect((await answerThreeDSecure(t.app, next.redirect_to_url.url, 'complete')).answer.statusCode).toBe(
      303,
    );
  await runJobs(t.app);
  return orderId;
}

const subscriptionRow = (userId: string) =>
  t.app.db
    .selectFrom('user_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
const mailsTo = async (email: string) => (await mailbox(t.app)).filter((m) => m.to === email);
const epoch = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
const after = (iso: string, days: number) => new Date(new Date(iso).getTime() + days * DAY * 1000 + 60_000);

describe('decline codes in the customer language (item 18)', () => {
  it('maps every Stripe code named in the issue to both languages, unknown codes to the generic text', () => {
    for (const code of [
      'card_declined',
      'insufficient_funds',
      'expired_card',
      'incorrect_cvc',
      'processing_error',
      'lost_card',
      'stolen_card',
      'authentication_required',
      'generic_decline',
    ]) {
      const de = declineText('de', 'card_declined', code);
      const en = declineText('en', 'card_declined', code);
      expect(de).not.toBe(en);
      expect(de).not.toMatch(/Your card/);
    }
    expect(declineText('de', 'card_declined', 'insufficient_funds')).toBe(
      DECLINE_TEXTS.insufficient_funds.de,
    );
    expect(declineText('de', 'something_new')).toBe(DECLINE_TEXTS.generic.de);
    expect(declineText('en', 'authentication_failed')).toBe(DECLINE_TEXTS.authentication_failed.en);
    expect(declineText('en', 'insufficient_funds', null, 'sepa_debit')).toBe(
      DECLINE_TEXTS.sepa_insufficient_funds.en,
    );
  });
});

describe('a failed renewal is visible while it is retried (items 18, 19)', () => {
  it('myinfo names the state, the next attempt and the end of grace; the German mail gives the German reason', async () => {
    const user = await registeredUser(t.app, { language: 'de' });
    await buy(user, '4242424242424242');
    const sub = await subscriptionRow(user.id);
    expect((await myInfo(t.app, user)) as unknown).toMatchObject({
      renewal_problem: null,
      restore_until: null,
    });
    const helper = await t.app.inject({
      method: 'POST',
      url: `/sandbox/stripe/v1/test_helpers/payment_methods/${sub.default_payment_method_id}/decline_future_charges`,
      headers: { authorization: `Bearer ${t.app.payments.secretKey}` },
    });
    expect(helper.statusCode, helper.body).toBe(200);
    const end = sub.current_period_end!;
    await advanceTo(t.app, after(end, 0));

    const info = (await myInfo(t.app, user)) as unknown as { renewal_problem: Record<string, unknown> };
    const failed = (await ordersOf(t.app, user.id)).find(
      (o) => o.kind === 'renewal' && o.status === 'failed',
    )!;
    expect(info.renewal_problem).toEqual({
      status: 'retrying',
      reason: 'generic',
      next_attempt: epoch(end) + 1 * DAY,
      grace_end: epoch(end) + 5 * DAY,
      order_id: failed.id,
    });
    const mail = (await mailsTo(user.email)).find((m) => /Verlängerung fehlgeschlagen/.test(m.subject));
    expect(mail?.text).toContain(`Grund: ${DECLINE_TEXTS.generic.de}`);
    expect(mail?.text).not.toContain('Your card was declined');

    // The second failure moves the next attempt to day 3; grace still ends on day 5.
    await advanceTo(t.app, after(end, 1));
    const second = (await myInfo(t.app, user)) as unknown as { renewal_problem: Record<string, unknown> };
    expect(second.renewal_problem).toMatchObject({
      next_attempt: epoch(end) + 3 * DAY,
      grace_end: epoch(end) + 5 * DAY,
    });
  });
});

describe('a renewal that needs 3-D Secure (item 20)', () => {
  it('mails a sign-in link; paying on session with 3-D Secure renews, the plan stays active meanwhile', async () => {
    const user = await registeredUser(t.app, { language: 'de' });
    await buy(user, AUTH_ALWAYS_CARD);
    const sub = await subscriptionRow(user.id);
    const end = sub.current_period_end!;
    await advanceTo(t.app, after(end, 0));

    const info = (await myInfo(t.app, user)) as unknown as {
      product: { name: string };
      renewal_problem: { status: string; order_id: string; reason: string };
    };
    expect(info.product.name).toBe('Basic');
    expect(info.renewal_problem).toMatchObject({
      status: 'action_required',
      reason: 'authentication_required',
    });
    const orderId = info.renewal_problem.order_id;

    const mail = (await mailsTo(user.email)).find((m) => /Bitte bestätigen Sie Ihre Zahlung/.test(m.subject));
    expect(mail, JSON.stringify((await mailsTo(user.email)).map((m) => m.subject))).toBeTruthy();
    expect(mail!.subject).not.toMatch(/erfolgreich/i);
    const link = new URL(/https?:\/\/\S+\/renewal-payment\/[\w.-]+/.exec(mail!.text)![0]);

    // A tampered link signs nobody in.
    const tampered = await call(t.app, 'GET', `${link.pathname}x`);
    expect(tampered.statusCode).toBe(303);
    expect(String(tampered.headers.location)).not.toContain('token=');

    // The link signs the owner in (one-time token) and lands on the renewal payment page.
    const opened = await call(t.app, 'GET', link.pathname);
    expect(opened.statusCode).toBe(303);
    const target = new URL(String(opened.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/signin');
    expect(target.searchParams.get('continueUrl')).toBe(`/my-account/renewal-payment?order_id=${orderId}`);
    const verified = await call(t.app, 'POST', '/identity/one-time-token/verify', {
      token: target.searchParams.get('token'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = { cookie: cookiesOf(verified) };

    const page = await v1(
      t.app,
      'GET',
      `/v1/subscription/renewal/payment?order_id=${orderId}`,
      undefined,
      session,
    );
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ status: 'open', amount_cents: 299, grace_end: epoch(end) + 5 * DAY });
    // Another user cannot see it.
    const stranger = await registeredUser(t.app);
    expect(
      (
        await v1(
          t.app,
          'GET',
          `/v1/subscription/renewal/payment?order_id=${orderId}`,
          undefined,
          as(stranger),
        )
      ).statusCode,
    ).toBe(404);

    const pay = await v1(
      t.app,
      'POST',
      '/v1/subscription/renewal/payment',
      { order_id: orderId, attempt_id: randomUUID() },
      session,
    );
    expect(pay.statusCode, pay.body).toBe(200);
    expect(pay.json().status).toBe('redirect');
    const { answer } = await answerThreeDSecure(t.app, pay.json().url, 'complete');
    expect(answer.statusCode).toBe(303);
    expect(String(answer.headers.location)).toContain(`/my-account/renewal-payment?order_id=${orderId}`);

    const back = await v1(
      t.app,
      'GET',
      `/v1/subscription/renewal/payment?order_id=${orderId}`,
      undefined,
      session,
    );
    expect(back.json().status).toBe('paid');
    await runJobs(t.app);
    const renewed = await subscriptionRow(user.id);
    expect(renewed.current_period_start).toBe(end);
    expect(renewed.renewal_failures).toBe(0);
    expect(
      ((await myInfo(t.app, user)) as unknown as { renewal_problem: unknown }).renewal_problem,
    ).toBeNull();
    // Paying again is refused; the later retry job finds the period moved and charges nothing.
    const again = await v1(
      t.app,
      'POST',
      '/v1/subscription/renewal/payment',
      { order_id: orderId, attempt_id: randomUUID() },
      session,
    );
    expect(again.statusCode).toBe(409);
    // The mail's link is spent: it no longer signs anybody in.
    const spent = await call(t.app, 'GET', link.pathname);
    expect(spent.statusCode).toBe(303);
    expect(String(spent.headers.location)).not.toContain('token=');
    await advanceTo(t.app, after(end, 6));
    const renewals = (await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal');
    expect(renewals.filter((o) => o.status === 'paid')).toHaveLength(1);
  });

  it('unanswered, the plan stays active until the grace ends and then ends', async () => {
    const user = await registeredUser(t.app);
    await buy(user, AUTH_ALWAYS_CARD);
    const end = (await subscriptionRow(user.id)).current_period_end!;
    await advanceTo(t.app, after(end, 3));
    expect((await myInfo(t.app, user)).product?.name).toBe('Basic');
    await advanceTo(t.app, after(end, 5));
    const info = (await myInfo(t.app, user)) as unknown as {
      product: { name: string };
      restore_until: number;
    };
    expect(info.product.name).toBe('Free');
    // Item 23: the ended plan says until when everything can be restored (4 weeks).
    const ended = await subscriptionRow(user.id);
    expect(info.restore_until).toBe(epoch(ended.ended_at!) + 28 * DAY);
  });
});

describe('failure states titled as what they are (item 21)', () => {
  it('a refused 3-D Secure step at checkout: the order status says failed and why', async () => {
    const user = await registeredUser(t.app);
    const { orderId, secret } = await placeOrder(t.app, user, { plan: 'basic', payType: 'monthly' });
    const res = await confirmWith(t.app, secret, { card: AUTH_ALWAYS_CARD });
    expect(res.json().status).toBe('requires_action');
    await answerThreeDSecure(t.app, res.json().next_action.redirect_to_url.url, 'fail');
    await runJobs(t.app);
    const status = await v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(user));
    expect(status.json()).toMatchObject({ status: 'failed', failure_reason: 'authentication_failed' });
    const mails = (await mailsTo(user.email)).map((m) => m.subject);
    expect(mails.some((s) => /payment received|zahlung ist eingegangen/i.test(s))).toBe(false);
  });
});
