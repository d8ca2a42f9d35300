import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, creditorIdValid, SEPA_PRENOTIFICATION_DEFAULT_DAYS } from '@pet/contract';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { mailbox, registeredUser, v1, type OutboxMail } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import {
  advanceDays,
  advanceTo,
  confirmWith,
  myInfo,
  ordersOf,
  placeOrder,
  runJobs,
  type Buyer,
} from './support/buying.ts';
import { readPdf } from './support/pdf-text.ts';
import { submitCheckout } from './support/payments.ts';

/**
 * Issue 33 items 13 and 14: every SEPA debit is announced by mail SEPA_PRENOTIFICATION_DAYS (5)
 * before it is collected, with amount, date, mandate reference and creditor identifier; the
 * mandate reference is the provider's mandate object's, never the payment method's id.
 */
const DAYS = SEPA_PRENOTIFICATION_DEFAULT_DAYS;
const IBAN = 'DE89370400440532013000';
const DAY_MS = 24 * 3600 * 1000;
const PRENOTIFICATION = 'subscription-sepa-prenotification';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_SEPA_SETTLE_S: '60' });
});
afterAll(async () => t?.close());

const newBuyer = (language: 'de' | 'en' = 'de', host?: string) =>
  registeredUser(t.app, { language }, host ? { host } : {});

const notices = async (email: string): Promise<OutboxMail[]> =>
  (await mailbox(t.app)).filter((mail) => mail.to === email && mail.kind === PRENOTIFICATION);

/** The renewal notices of a user (the first debit's thanks for the order instead). */
const renewalNotices = async (email: string): Promise<OutboxMail[]> =>
  (await notices(email)).filter((mail) => /verlängert sich|plan renews/.test(mail.text));

const now = async () =>
  new Date((await t.app.inject({ method: 'GET', url: '/dev/clock' })).json().now as string);

/** dd.MM.yyyy (UTC), as mails print dates. */
const ddmmyyyy = (date: Date) => date.toISOString().slice(0, 10).split('-').reverse().join('.');

async function subscriptionOf(userId: string) {
  return t.app.db
    .selectFrom('user_subscription')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The provider's mandate object, read as the adapter reads it (GET /v1/mandates/{id}). */
async function sandboxMandate(id: string) {
  const provider = t.app.payments.provider!;
  return provider.retrieveMandate(id);
}

/** Buys a plan with SEPA and lets the first debit settle; answers the paid order. */
async function buyWithSepa(user: Buyer, options: Parameters<typeof placeOrder>[2]) {
  const { orderId, secret } = await placeOrder(t.app, user, options);
  expect((await confirmWith(t.app, secret, { iban: IBAN })).json().status).toBe('processing');
  await runJobs(t.app);
  await advanceDays(t.app, DAYS);
  await v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(user));
  const order = (await ordersOf(t.app, user.id)).find((o) => o.id === orderId)!;
  expect(order.status).toBe('paid');
  return order;
}

// Many clock moves per test, each running the due jobs: slow on a busy PostgreSQL.
const SLOW = { timeout: 180_000 };

describe('SEPA first debit', SLOW, () => {
  it('is announced at once with amount, date, mandate reference and creditor id, and collected on that date', async () => {
    const user = await newBuyer('de');
    const { orderId, secret, paymentIntentId } = await placeOrder(t.app, user, {
      plan: 'premium',
      payType: 'monthly',
    });
    const start = await now();
    expect((await confirmWith(t.app, secret, { iban: IBAN })).json().status).toBe('processing');
    await runJobs(t.app);

    const intent = await t.app.payments.provider!.retrievePaymentIntent(paymentIntentId);
    const collectOn = new Date(start.getTime() + DAYS * DAY_MS).toISOString().slice(0, 10);
    expect(intent.sepaTargetDate).toBe(collectOn);
    expect(intent.mandateId).toMatch(/^mandate_/);
    const mandate = await sandboxMandate(intent.mandateId!);
    expect(mandate.reference).toMatch(/^[A-Z0-9]{16}$/);

    const [notice, ...more] = await notices(user.email);
    expect(more).toHaveLength(0);
    const [order] = await ordersOf(t.app, user.id);
    const amount = `${(order!.amount_cents / 100).toFixed(2).replace('.', ',')} €`;
    const date = collectOn.split('-').reverse().join('.');
    expect(notice!.subject).toBe(`Vorabankündigung Ihrer SEPA-Lastschrift über ${amount} am ${date}`);
    expect(notice!.text).toContain(`Einzug am: ${date}`);
    expect(notice!.text).toContain(`Mandatsreferenz: ${mandate.reference}`);
    expect(notice!.text).toContain(`Gläubiger-Identifikationsnummer: ${BRANDS.primepet.seller.creditorId}`);
    expect(notice!.text).toContain('Zahlungsempfänger: Prime Pet GmbH');
    expect(notice!.text).not.toContain('pm_');

    // Collected no earlier than the notice said: still under way one day before, paid on the day.
    await advanceDays(t.app, DAYS - 1);
    let status = await v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(user));
    expect(status.json().status).toBe('processing');
    expect((await myInfo(t.app, user)).product?.name).toBe('Free');
    await advanceDays(t.app, 1);
    status = await v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(user));
    expect(status.json().status).toBe('paid');
    expect((await myInfo(t.app, user)).product?.name).toBe('Premium');
    // One notice per debit, however often the webhooks came.
    expect(await notices(user.email)).toHaveLength(1);
    const paid = (await ordersOf(t.app, user.id))[0]!;
    expect(paid.mandate_reference).toBe(mandate.reference);

    // The invoice prints the same reference and the brand's creditor identifier.
    const pdf = await v1(t.app, 'GET', `/v1/order/orderpdfweb?id=${orderId}`, undefined, as(user));
    expect(pdf.statusCode).toBe(200);
    const text = readPdf(pdf.rawPayload).text.replace(/\s*\n\s*/g, ' ');
    expect(text).toContain(`Mandatsreferenz: ${mandate.reference}`);
    expect(text).toContain(`Gläubiger-Identifikationsnummer: ${BRANDS.primepet.seller.creditorId}`);
    expect(text).not.toContain('pm_');
  });

  it("is announced per brand and language (English, the dog brand's creditor id)", async () => {
    const host = 'hundeschutz.localhost';
    const user = await newBuyer('en', host);
    const { secret } = await placeOrder(t.app, user, {
      plan: 'protectplus',
      payType: 'yearly',
      partnerId: 'hundeschutz',
      host,
    });
    expect((await confirmWith(t.app, secret, { iban: IBAN })).json().status).toBe('processing');
    await runJobs(t.app);
    const [notice] = await notices(user.email);
    expect(notice!.subject).toMatch(/^Advance notice of your SEPA direct debit of .+ on \d\d\.\d\d\.\d{4}$/);
    expect(notice!.text).toContain(`Creditor identifier: ${BRANDS.hundeschutz.seller.creditorId}`);
    expect(notice!.text).toContain('Payee: Hunde-Schutz GmbH');
    expect(notice!.text).toMatch(/Mandate reference: [A-Z0-9]{16}/);
    expect(notice!.html).toContain('Hunde-Schutz');
  });

  it('gives every mandate its own reference', async () => {
    const references = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const user = await newBuyer();
      const { secret, paymentIntentId } = await placeOrder(t.app, user, {
        plan: 'basic',
        payType: 'monthly',
      });
      await confirmWith(t.app, secret, { iban: IBAN });
      const intent = await t.app.payments.provider!.retrievePaymentIntent(paymentIntentId);
      references.add((await sandboxMandate(intent.mandateId!)).reference);
    }
    expect(references.size).toBe(3);
  });
});

describe('SEPA renewal', SLOW, () => {
  it(`is announced ${DAYS} days before the period end and collected at the period end`, async () => {
    const user = await newBuyer('de');
    const order = await buyWithSepa(user, { plan: 'premium', payType: 'monthly' });
    const periodEnd = new Date(order.period_end!);
    const reference = order.mandate_reference!;

    // One day before the notice is due: nothing but the first debit's notice.
    await advanceTo(t.app, new Date(periodEnd.getTime() - (DAYS + 1) * DAY_MS));
    expect(await notices(user.email)).toHaveLength(1);
    await advanceDays(t.app, 1);
    const [renewalNotice, ...more] = await renewalNotices(user.email);
    expect(more).toHaveLength(0);
    expect(renewalNotice!.text).toContain(`Einzug am: ${ddmmyyyy(periodEnd)}`);
    expect(renewalNotice!.text).toContain(`Mandatsreferenz: ${reference}`);
    expect((await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal')).toHaveLength(0);

    await advanceTo(t.app, periodEnd);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal');
    expect(renewal).toBeDefined();
    await advanceDays(t.app, 1);
    const paid = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal')!;
    expect(paid.status).toBe('paid');
    expect(paid.mandate_reference).toBe(reference);
    expect(paid.period_start).toBe(periodEnd.toISOString());
    expect(await notices(user.email)).toHaveLength(2);
  });

  it(`without a sent notice is not collected at the period end: notice first, debit ${DAYS} days later, plan active`, async () => {
    const user = await newBuyer('en');
    const order = await buyWithSepa(user, { plan: 'premium', payType: 'monthly' });
    const periodEnd = new Date(order.period_end!);
    // As for a plan renewed before notices existed: its announcement job never ran.
    await t.app.db
      .deleteFrom('job')
      .where('type', '=', 'subscription.sepa-announce-renewal')
      .where('payload', 'like', `%${user.id}%`)
      .execute();

    await advanceTo(t.app, periodEnd);
    expect((await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal')).toHaveLength(0);
    const [notice] = await renewalNotices(user.email);
    const collectOn = new Date(periodEnd.getTime() + DAYS * DAY_MS);
    expect(notice!.text).toContain(`Collection date: ${ddmmyyyy(collectOn)}`);
    expect(notice!.text).toContain(`Creditor identifier: ${BRANDS.primepet.seller.creditorId}`);
    expect((await myInfo(t.app, user)).product?.name).toBe('Premium');

    await advanceDays(t.app, DAYS - 1);
    expect((await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal')).toHaveLength(0);
    expect((await myInfo(t.app, user)).product?.name).toBe('Premium');
    await advanceDays(t.app, 1);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal');
    expect(renewal?.amount_cents).toBe(order.amount_cents);
    await advanceDays(t.app, 1);
    expect((await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal')!.status).toBe('paid');
    // The paid renewal continues the period without a gap.
    expect((await subscriptionOf(user.id)).current_period_start).toBe(periodEnd.toISOString());
  });

  it('announces again when the amount changed after the notice (a downgrade), and collects the new amount later', async () => {
    const user = await newBuyer('de');
    const order = await buyWithSepa(user, { plan: 'premium', payType: 'yearly' });
    const periodEnd = new Date(order.period_end!);
    await advanceTo(t.app, new Date(periodEnd.getTime() - DAYS * DAY_MS));
    expect(await notices(user.email)).toHaveLength(2);
    const basic = await t.app.db
      .selectFrom('product')
      .selectAll()
      .where('partner_id', '=', 'primepet')
      .where('plan_key', '=', 'basic')
      .executeTakeFirstOrThrow();
    const down = await v1(
      t.app,
      'POST',
      '/v1/subscription/downgrade',
      { price_id: basic.yearly_price_id },
      as(user),
    );
    expect(down.statusCode, down.body).toBe(200);

    await advanceTo(t.app, periodEnd);
    expect((await ordersOf(t.app, user.id)).filter((o) => o.kind === 'renewal')).toHaveLength(0);
    const again = (await renewalNotices(user.email)).filter((mail) => mail.text.includes('Basic'));
    expect(await notices(user.email)).toHaveLength(3);
    expect(again).toHaveLength(1);
    expect(again[0]!.text).toContain(`Einzug am: ${ddmmyyyy(new Date(periodEnd.getTime() + DAYS * DAY_MS))}`);
    await advanceDays(t.app, DAYS);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal')!;
    expect(renewal.product_id).toBe(basic.id);
  });

  it('after a switch to SEPA in the hosted checkout, announces the renewal with the new mandate', async () => {
    const user = await newBuyer('de');
    const { secret } = await placeOrder(t.app, user, { plan: 'basic', payType: 'monthly' });
    await confirmWith(t.app, secret, { card: '4242424242424242' });
    await runJobs(t.app);
    const periodEnd = new Date((await subscriptionOf(user.id)).current_period_end!);

    const session = await v1(t.app, 'POST', '/v1/subscription/update_payment', {}, as(user));
    expect(session.statusCode, session.body).toBe(200);
    const done = await submitCheckout(t.app, session.json().url as string, {
      type: 'sepa_debit',
      iban: IBAN,
    });
    expect(done.answer.statusCode, done.answer.body).toBe(303);
    await runJobs(t.app);
    const methodId = (await subscriptionOf(user.id)).default_payment_method_id!;
    const mandate = await t.app.db
      .selectFrom('sepa_mandate')
      .selectAll()
      .where('payment_method_id', '=', methodId)
      .executeTakeFirstOrThrow();
    expect(mandate.reference).toBe((await sandboxMandate(mandate.mandate_id)).reference);

    await advanceTo(t.app, new Date(periodEnd.getTime() - DAYS * DAY_MS));
    const [notice] = await renewalNotices(user.email);
    expect(notice!.text).toContain(`Mandatsreferenz: ${mandate.reference}`);
    expect(notice!.text).toContain(`Einzug am: ${ddmmyyyy(periodEnd)}`);
    await advanceTo(t.app, periodEnd);
    await advanceDays(t.app, 1);
    const renewal = (await ordersOf(t.app, user.id)).find((o) => o.kind === 'renewal')!;
    expect(renewal).toMatchObject({
      status: 'paid',
      payment_type: 'sepa_debit',
      mandate_reference: mandate.reference,
    });
  });

  it('sends no notice for a plan that ends, nor for a card', async () => {
    const sepa = await newBuyer('de');
    const order = await buyWithSepa(sepa, { plan: 'basic', payType: 'monthly' });
    expect((await v1(t.app, 'POST', '/v1/subscription/cancel', {}, as(sepa))).statusCode).toBe(200);
    await advanceTo(t.app, new Date(new Date(order.period_end!).getTime() - DAY_MS));
    expect(await notices(sepa.email)).toHaveLength(1);

    const card = await newBuyer('de');
    const { secret } = await placeOrder(t.app, card, { plan: 'basic', payType: 'monthly' });
    await confirmWith(t.app, secret, { card: '4242424242424242' });
    await runJobs(t.app);
    await advanceDays(t.app, 40);
    expect(await notices(card.email)).toHaveLength(0);
    expect(
      (await ordersOf(t.app, card.id)).filter((o) => o.kind === 'renewal' && o.status === 'paid'),
    ).toHaveLength(1);
  });
});

describe('settings', () => {
  it('SEPA_PRENOTIFICATION_DAYS: default 5, at least 2, served to the web app', async () => {
    expect(loadConfig({}).payments.sepaPrenotificationDays).toBe(5);
    expect(loadConfig({ SEPA_PRENOTIFICATION_DAYS: '2' }).payments.sepaPrenotificationDays).toBe(2);
    expect(() => loadConfig({ SEPA_PRENOTIFICATION_DAYS: '1' })).toThrow();
    const config = await t.app.inject({ method: 'GET', url: '/v1/config' });
    expect(config.json().payments.sepaPrenotificationDays).toBe(DAYS);
    expect(config.json().brand.seller.creditorId).toBe(BRANDS.primepet.seller.creditorId);
  });

  it('every brand has its own valid creditor identifier', () => {
    const ids = Object.values(BRANDS).map((brand) => brand.seller.creditorId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(creditorIdValid(id)).toBe(true);
    expect(creditorIdValid('DE98ZZZ09999999999')).toBe(true);
    expect(creditorIdValid('DE97ZZZ09999999999')).toBe(false);
  });
});
