import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_ID_HEADER, BRANDS, orderListResponseSchema, type Order } from '@pet/contract';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, mailbox, registeredUser, v1 } from './identity-helpers.ts';
import { as } from './support/owners.ts';
import { readPdf } from './support/pdf-text.ts';
import { sandboxEvents, sandboxTables } from './support/payments.ts';
import { runAdmin } from '../src/admin/commands.ts';
import {
  advanceDays,
  BILLING,
  confirmWith,
  createCoupon,
  ordersOf,
  placeOrder,
  runJobs,
  type Buyer,
} from './support/buying.ts';

/**
 * Bills and invoices (issue 13): GET /v1/order/myorders, GET /v1/order/orderpdfweb with the
 * contents of a German invoice (section 14 UStG) in both languages, invoice numbers under parallel
 * payments, renewals with invoices of their own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SANDBOX_SEPA_SETTLE_S: '60' });
});
afterAll(async () => t?.close());

const seller = BRANDS.primepet.seller;
/** PDFs of the tests are kept here for a look (pdftoppm) when BILLS_PDF_DIR is set. */
const keepDir = process.env.BILLS_PDF_DIR;

type Language = 'de' | 'en';

async function buyer(language: Language = 'en'): Promise<Buyer & { email: string }> {
  return registeredUser(t.app, { language });
}

/** Places and pays an order by card (the browser's confirm, then the webhook deliveries). */
async function buyByCard(
  user: Buyer,
  options: Parameters<typeof placeOrder>[2] = { plan: 'premium' },
): Promise<string> {
  const { orderId, secret } = await placeOrder(t.app, user, options);
  const confirmed = await confirmWith(t.app, secret, { card: '4242424242424242' });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await runJobs(t.app);
  return orderId;
}

async function myOrders(user: Buyer) {
  return v1(t.app, 'GET', '/v1/order/myorders', undefined, as(user));
}

async function listOf(user: Buyer): Promise<Order[]> {
  const res = await myOrders(user);
  expect(res.statusCode, res.body).toBe(200);
  return orderListResponseSchema.parse(res.json());
}

async function invoice(user: Buyer, orderId: string, query = '') {
  return v1(t.app, 'GET', `/v1/order/orderpdfweb?id=${orderId}${query}`, undefined, {
    ...as(user),
    headers: { [APP_ID_HEADER]: 'web' },
  });
}

async function invoiceText(user: Buyer, orderId: string, name: string, query = '') {
  const res = await invoice(user, orderId, query);
  expect(res.statusCode, res.body).toBe(200);
  const bytes = res.rawPayload;
  if (keepDir) {
    fs.mkdirSync(keepDir, { recursive: true });
    fs.writeFileSync(path.join(keepDir, `${name}.pdf`), bytes);
  }
  const pdf = readPdf(bytes);
  // `text`: one line per text operation (a wrapped paragraph is several); `flat`: the lines joined
  // with single spaces, for phrases that may wrap.
  const text = pdf.text.replace(/\u00a0/g, ' ');
  return { res, pdf, text, flat: text.replace(/\s*\n\s*/g, ' ') };
}

/** dd.MM.yyyy of the calendar day before / after a dd.MM.yyyy day. */
function shiftDay(day: string, by: number): string {
  const [d, m, y] = day.split('.').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d! + by));
  return date.toISOString().slice(0, 10).split('-').reverse().join('.');
}
const dayBefore = (day: string) => shiftDay(day, -1);
const dayAfter = (day: string) => shiftDay(day, 1);
const order0 = <T>(rows: T[]): T => rows[0]!;

const berlinDate = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));

describe('GET /v1/order/myorders', () => {
  it('answers 401 signed out, 204 with no orders, and lists only paid orders of the caller', async () => {
    expect((await call(t.app, 'GET', '/v1/order/myorders')).statusCode).toBe(401);
    const user = await buyer();
    const other = await buyer();
    expect((await myOrders(user)).statusCode).toBe(204);

    // An order placed but not paid is not a bill.
    const open = await placeOrder(t.app, user, { plan: 'basic' });
    expect((await myOrders(user)).statusCode).toBe(204);
    expect(
      (await v1(t.app, 'DELETE', `/v1/order/delete?id=${open.orderId}`, undefined, as(user))).statusCode,
    ).toBe(200);

    const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly' });
    const otherOrderId = await buyByCard(other, { plan: 'basic', payType: 'monthly' });
    const [row] = await listOf(user);
    const [stored] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
    expect(await listOf(user)).toHaveLength(1);
    expect(row).toEqual({
      id: orderId,
      order_number: stored!.order_number,
      order_date: berlinDate(stored!.paid_at!),
      product_name: 'Premium',
      paid_amount_eur_formatted: '59,99 €',
      date: stored!.created_at,
      type: 'yearly',
      period_months: 12,
      payment_type: 'card',
      invoice_number: stored!.invoice_number,
      invoice_url: `/v1/order/orderpdfweb?id=${orderId}`,
      activation_code: null,
      kind: 'purchase',
      period_start: berlinDate(stored!.period_start!),
      // The last day of the period: the day before the next one begins (item 8).
      period_end: dayBefore(berlinDate(stored!.period_end!)),
      credit_note_number: null,
      credit_note_url: null,
    });
    expect(row!.invoice_number).toMatch(/^PP-\d{4}-\d{6}$/);
    expect(row!.order_date).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    const otherRows = await listOf(other);
    expect(otherRows.map((o) => o.id)).toEqual([otherOrderId]);
    expect(otherRows[0]).toMatchObject({
      product_name: 'Basic',
      type: 'monthly',
      paid_amount_eur_formatted: '2,99 €',
    });
  });
});

/** The operator command against the test app's database (as `npm run admin -- ...`). */
async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
  };
  const code = await runAdmin(argv, { out: (line) => out.push(line), err: (line) => err.push(line) }, env);
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

async function creditNotes() {
  return t.app.db
    .selectFrom('credit_note')
    .selectAll()
    .where('partner_id', '=', 'primepet')
    .orderBy('credit_note_seq')
    .execute();
}

/** The sandbox's refunds of a payment intent (Stripe's refund objects). */
async function sandboxRefunds(paymentIntentId: string) {
  const rows = await sandboxTables(t.app)
    .selectFrom('stripe_sandbox_object')
    .select('data')
    .where('object', '=', 'refund')
    .execute();
  return rows
    .map((row) => JSON.parse(row.data) as Record<string, unknown>)
    .filter((refund) => refund.payment_intent === paymentIntentId);
}

// Before the tests that move the business clock: the operator command runs on the real clock.
describe('credit notes: npm run admin -- order refund <ORDER_ID>', () => {
  it('refunds the order at the provider, issues the credit note and lists it with the bill; twice refunds once', async () => {
    const help = await admin('--help');
    expect(help.stdout).toContain('order refund <ORDER_ID>');
    expect((await admin('order', 'refund')).code).toBe(2);
    expect((await admin('order', 'refund', 'a', 'b')).code).toBe(2);

    const user = await buyer('de');
    const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly' });
    const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
    const before = (await creditNotes()).length;

    const refunded = await admin('order', 'refund', orderId);
    expect(refunded.code, refunded.stderr).toBe(0);
    const [note] = (await creditNotes()).filter((n) => n.order_id === orderId);
    expect(note).toMatchObject({ user_id: user.id, amount_cents: 5999, refund_status: 'succeeded' });
    expect(note!.credit_note_number).toMatch(/^PP-G-\d{4}-\d{6}$/);
    expect(note!.credit_note_seq).toBe(before + 1);
    expect(refunded.stdout).toContain(`credit note ${note!.credit_note_number}`);
    expect(refunded.stdout).toContain(`invoice ${order!.invoice_number}`);
    expect(refunded.stdout).toContain('59.99 EUR');

    // The money went back once, in Stripe's refund shape, and charge.refunded reached our webhook.
    const refunds = await sandboxRefunds(order!.payment_intent_id!);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      object: 'refund',
      amount: 5999,
      currency: 'eur',
      status: 'succeeded',
      id: note!.refund_id,
    });
    const events = await sandboxEvents(t.app, refunds[0]!.charge as string);
    expect(events.map((e) => e.type)).toEqual(['charge.refunded']);
    const charge = (JSON.parse(events[0]!.payload) as { data: { object: Record<string, unknown> } }).data
      .object;
    expect(charge).toMatchObject({
      object: 'charge',
      amount_refunded: 5999,
      refunded: true,
      payment_intent: order!.payment_intent_id,
    });
    await runJobs(t.app);
    const handled = await t.app.db
      .selectFrom('payment_webhook_event')
      .selectAll()
      .where('type', '=', 'charge.refunded')
      .execute();
    expect(handled.some((e) => e.id === events[0]!.id && e.processed_at !== null)).toBe(true);

    // Again (by invoice number this time): nothing new.
    const again = await admin('order', 'refund', order!.invoice_number!);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('was refunded before');
    expect(await sandboxRefunds(order!.payment_intent_id!)).toHaveLength(1);
    expect((await creditNotes()).filter((n) => n.order_id === orderId)).toHaveLength(1);

    const [row] = await listOf(user);
    expect(row).toMatchObject({
      id: orderId,
      credit_note_number: note!.credit_note_number,
      credit_note_url: `/v1/order/orderpdfweb?id=${orderId}&document=credit_note`,
    });
  });

  it('a full refund ends the plan at once (free plan, 4-week window, mail); a partial refund keeps it', async () => {
    const full = await buyer('de');
    const fullOrder = await buyByCard(full, { plan: 'premium', payType: 'yearly' });
    const refunded = await admin('order', 'refund', fullOrder);
    expect(refunded.code, refunded.stderr).toBe(0);
    expect(refunded.stdout).toContain('the plan it paid for has ended');
    // (The command ran as another process would: read the database, not this app's read cache.)
    const [sub] = await t.app.db
      .selectFrom('user_subscription')
      .selectAll()
      .where('user_id', '=', full.id)
      .execute();
    const free = await t.app.db
      .selectFrom('product')
      .select('id')
      .where('partner_id', '=', 'primepet')
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    expect(sub!.product_id).toBe(free.id);
    expect(sub!.stripe_subscription_end).toBeNull();
    // The same state as a plan that ended at its period end: ended now, with the window's jobs.
    expect(sub!.current_period_end).toBeNull();
    const endedAt = new Date(sub!.ended_at!).getTime();
    expect(Math.abs(endedAt - t.app.clock.now().getTime())).toBeLessThan(60_000);
    const cleanup = await t.app.db
      .selectFrom('job')
      .selectAll()
      .where('dedupe_key', '=', `documents-cleanup:${full.id}:${sub!.ended_at}`)
      .executeTakeFirst();
    expect(new Date(cleanup!.run_at).getTime() - endedAt).toBe(28 * 24 * 3600 * 1000);
    await runJobs(t.app);
    const mail = (await mailbox(t.app)).find(
      (m) => m.to === full.email && m.kind === 'subscription-plan-ended-refunded',
    );
    expect(mail?.text).toContain('vollständig erstattet');

    const partial = await buyer('en');
    const partialOrder = await buyByCard(partial, { plan: 'premium', payType: 'yearly' });
    expect((await admin('order', 'refund', partialOrder, '--amount', '60.00')).code).toBe(1);
    const some = await admin('order', 'refund', partialOrder, '--amount', '10.00');
    expect(some.code, some.stderr).toBe(0);
    expect(some.stdout).toContain('10.00 EUR');
    expect(some.stdout).toContain('the plan is unchanged');
    const [kept] = await t.app.db
      .selectFrom('user_subscription')
      .selectAll()
      .where('user_id', '=', partial.id)
      .execute();
    expect(kept!.product_id).toBe(order0(await ordersOf(t.app, partial.id)).product_id);
    expect(kept!.current_period_end).not.toBeNull();
    const [note] = (await creditNotes()).filter((n) => n.order_id === partialOrder);
    expect(note!.amount_cents).toBe(1000);
    const [order] = (await ordersOf(t.app, partial.id)).filter((o) => o.id === partialOrder);
    expect(await sandboxRefunds(order!.payment_intent_id!)).toMatchObject([{ amount: 1000 }]);
    // The partial credit note's one line adds up to its total.
    const { text } = await invoiceText(partial, partialOrder, 'credit-note-partial', '&document=credit_note');
    expect(text).toContain('Refund (partial)');
    expect(text.split('\n').filter((line) => line === '−10,00 €').length).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('−59,99 €');
  }, 90_000);

  it('answers an error for an order that cannot be refunded', async () => {
    const missing = await admin('order', 'refund', 'no-such-order');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No paid order no-such-order');
    const user = await buyer();
    const open = await placeOrder(t.app, user, { plan: 'basic' });
    const unpaid = await admin('order', 'refund', open.orderId);
    expect(unpaid.code).toBe(1);
    expect((await creditNotes()).some((n) => n.order_id === open.orderId)).toBe(false);
  });

  it.each(['de', 'en'] as const)(
    'the credit note PDF corrects the invoice with negative amounts (%s)',
    async (language) => {
      const user = await buyer(language);
      const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly' });
      const result = await t.app.invoices.refundOrder(orderId);
      expect(result.created).toBe(true);
      const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
      const [note] = (await creditNotes()).filter((n) => n.order_id === orderId);
      const { res, flat, text } = await invoiceText(
        user,
        orderId,
        `credit-note-${language}`,
        '&document=credit_note',
      );
      expect(res.headers['content-disposition']).toBe(`inline; filename="${note!.credit_note_number}.pdf"`);
      const lines = text.split('\n');
      const invoiceDay = berlinDate(order!.paid_at!);
      const noteDay = berlinDate(note!.created_at);
      expect(lines).toContain(note!.credit_note_number);
      for (const amount of ['−59,99 €', '−50,41 €', '−9,58 €']) expect(lines).toContain(amount);
      expect(flat).toContain(seller.vatId);
      expect(flat).toContain(BILLING.name);
      // Item 7: an invoice correction, never "Gutschrift" (self-billing, section 14 (2) UStG).
      expect(flat).not.toContain('Gutschrift');
      expect(flat).not.toContain('Credit note');
      if (language === 'de') {
        expect(lines).toContain('Rechnungskorrektur');
        expect(flat).toContain(
          `Rechnungskorrektur ${note!.credit_note_number} zur Rechnung ${order!.invoice_number}`,
        );
        expect(flat).toContain(`Zur Rechnung ${order!.invoice_number} vom ${invoiceDay}`);
        expect(flat).toContain('Erstattungsbetrag');
        expect(flat).toContain(
          `Der Betrag wird am ${noteDay} auf Ihre Kreditkarte (Visa, Kartennummer endet auf 4242) erstattet.`,
        );
      } else {
        expect(lines).toContain('Invoice correction');
        expect(flat).toContain(
          `Invoice correction ${note!.credit_note_number} to invoice ${order!.invoice_number}`,
        );
        expect(flat).toContain(`Corrects invoice ${order!.invoice_number} of ${invoiceDay}`);
        expect(flat).toContain('Total refunded');
        expect(flat).toContain(
          `The amount is refunded to your credit card (Visa, card number ending in 4242) on ${noteDay}.`,
        );
      }
      // The invoice itself is unchanged; another user gets neither document.
      expect((await invoice(user, orderId)).statusCode).toBe(200);
      const stranger = await buyer();
      expect((await invoice(stranger, orderId, '&document=credit_note')).statusCode).toBe(404);
    },
  );

  it('credit-note numbers stay gap-free under parallel refunds; the same order refunded in parallel once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => buyer()));
    const orderIds = await Promise.all(
      users.map((user) => buyByCard(user, { plan: 'basic', payType: 'monthly' })),
    );
    const results = await Promise.allSettled([
      ...orderIds.map((id) => t.app.invoices.refundOrder(id)),
      t.app.invoices.refundOrder(orderIds[0]!),
      t.app.invoices.refundOrder(orderIds[0]!),
    ]);
    // A parallel refund of the same order may meet the first one still running at the provider
    // (Stripe answers 409 for the same idempotency key); it never makes a second refund.
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    expect(fulfilled.length).toBeGreaterThanOrEqual(6);
    const notes = await creditNotes();
    expect(notes.map((n) => n.credit_note_seq)).toEqual(notes.map((_, i) => i + 1));
    expect(new Set(notes.map((n) => n.credit_note_number)).size).toBe(notes.length);
    for (const id of orderIds) expect(notes.filter((n) => n.order_id === id)).toHaveLength(1);
    const [first] = (await ordersOf(t.app, users[0]!.id)).filter((o) => o.id === orderIds[0]);
    expect(await sandboxRefunds(first!.payment_intent_id!)).toHaveLength(1);
  }, 60_000);

  it('the sandbox refuses what Stripe refuses: an unpaid intent, more than is left', async () => {
    const auth = {
      authorization: `Bearer ${t.app.payments.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const user = await buyer();
    const open = await placeOrder(t.app, user, { plan: 'basic' });
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/stripe/v1/refunds',
      headers: auth,
      payload: `payment_intent=${open.paymentIntentId}`,
    });
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().error).toMatchObject({
      type: 'invalid_request_error',
      code: 'charge_not_refundable',
    });
    const other = await buyer();
    const orderId = await buyByCard(other, { plan: 'basic', payType: 'monthly' });
    const [order] = (await ordersOf(t.app, other.id)).filter((o) => o.id === orderId);
    const partial = await t.app.inject({
      method: 'POST',
      url: '/sandbox/stripe/v1/refunds',
      headers: auth,
      payload: `payment_intent=${order!.payment_intent_id}&amount=100`,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(Object.keys(partial.json()).sort()).toEqual(
      [
        'amount',
        'balance_transaction',
        'charge',
        'created',
        'currency',
        'customer',
        'customer_account',
        'destination_details',
        'id',
        'metadata',
        'object',
        'payment_intent',
        'payment_method',
        'reason',
        'receipt_number',
        'source_transfer_reversal',
        'status',
        'transfer_reversal',
      ].sort(),
    );
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/sandbox/stripe/v1/refunds',
      headers: auth,
      payload: `payment_intent=${order!.payment_intent_id}&amount=${order!.amount_cents}`,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.param).toBe('amount');
  });
});

describe('GET /v1/order/orderpdfweb', () => {
  it("answers 404 for another user's order, an unpaid or unknown one, and 401 signed out", async () => {
    const owner = await buyer();
    const stranger = await buyer();
    const orderId = await buyByCard(owner);
    expect((await call(t.app, 'GET', `/v1/order/orderpdfweb?id=${orderId}`)).statusCode).toBe(401);
    const others = await invoice(stranger, orderId);
    expect(others.statusCode).toBe(404);
    expect(others.json().key).toBe('Not_Found_Text');
    expect((await invoice(stranger, 'no-such-order')).statusCode).toBe(404);
    // The credit note of an order that was not refunded does not exist either.
    expect((await invoice(owner, orderId, '&document=credit_note')).statusCode).toBe(404);

    const unpaid = await placeOrder(t.app, stranger, { plan: 'basic' });
    expect((await invoice(stranger, unpaid.orderId)).statusCode).toBe(404);
    // Declined: the order exists, failed, and still has no invoice.
    const declined = await confirmWith(t.app, unpaid.secret, { card: '4000000000000002' });
    expect(declined.statusCode).toBe(402);
    await runJobs(t.app);
    expect((await invoice(stranger, unpaid.orderId)).statusCode).toBe(404);
    expect((await invoice(owner, orderId)).statusCode).toBe(200);
  });

  const MANDATORY = {
    de: {
      title: 'Rechnung',
      number: 'Rechnungsnummer',
      date: 'Rechnungsdatum',
      period: 'Leistungszeitraum',
      plan: 'Tarif Premium – Laufzeit 12 Monate',
      net: 'Nettobetrag',
      vat: 'Umsatzsteuer 19 %',
      total: 'Gesamtbetrag',
      vatId: 'USt-IdNr.',
      country: 'Deutschland',
      paid: (date: string) => `Bezahlt am ${date} per Kreditkarte (Visa, Kartennummer endet auf 4242).`,
    },
    en: {
      title: 'Invoice',
      number: 'Invoice number',
      date: 'Invoice date',
      period: 'Service period',
      plan: 'Premium plan – 12 months',
      net: 'Net amount',
      vat: 'VAT 19 %',
      total: 'Total',
      vatId: 'VAT ID',
      country: 'Germany',
      paid: (date: string) => `Paid on ${date} by credit card (Visa, card number ending in 4242).`,
    },
  } as const;

  it.each(['de', 'en'] as const)(
    'the invoice has every field section 14 UStG asks for, in the user’s language (%s)',
    async (language) => {
      const words = MANDATORY[language];
      const user = await buyer(language);
      const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly' });
      const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
      const { res, pdf, text, flat } = await invoiceText(user, orderId, `invoice-${language}`);

      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${order!.invoice_number}.pdf"`);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.pageCount).toBe(1);
      expect(pdf.embeddedFonts.some((font) => font.includes('DejaVuSans'))).toBe(true);

      const lines = text.split('\n');
      const has = (needle: string) => expect(flat, `missing "${needle}"`).toContain(needle);
      // Seller: name, address, VAT id (brand configuration).
      has(seller.legalName);
      has(seller.street);
      has(`${seller.postalCode} ${seller.city}`);
      has(words.country);
      has(`${words.vatId} ${seller.vatId}`);
      // Buyer: name and address from the order.
      has(BILLING.name);
      has(BILLING.street);
      has(`${BILLING.zipcode} ${BILLING.city}`);
      // Number and date of the invoice, the service period.
      has(words.title);
      has(words.number);
      expect(lines).toContain(order!.invoice_number);
      has(words.date);
      const paidOn = berlinDate(order!.paid_at!);
      expect(lines).toContain(paidOn);
      has(words.period);
      // The period ends the day before the next begins (item 8).
      has(`${berlinDate(order!.period_start!)} – ${dayBefore(berlinDate(order!.period_end!))}`);
      has(order!.order_number);
      // The line item and the amounts: net, VAT 19 %, gross.
      has(words.plan);
      has(words.net);
      expect(lines).toContain('50,41 €');
      has(words.vat);
      expect(lines).toContain('9,58 €');
      has(words.total);
      expect(lines.filter((line) => line === '59,99 €').length).toBeGreaterThanOrEqual(2);
      // How it was paid: card brand and last 4.
      has(words.paid(paidOn));
    },
  );

  it('lists the coupon discount and the proration credit of an upgrade; amounts add up', async () => {
    const user = await buyer('de');
    const basicId = await buyByCard(user, { plan: 'basic', payType: 'yearly' });
    await advanceDays(t.app, 1);
    const coupon = await createCoupon(t.app, { code: 'BILLS10', percent_off: 10 });
    const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly', couponId: coupon.id });
    const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
    expect(order!.discount_cents).toBe(600);
    expect(order!.proration_cents).toBeGreaterThan(0);
    const { text, flat } = await invoiceText(user, orderId, 'invoice-upgrade-de');
    const lines = text.split('\n');
    const euro = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;
    expect(flat).toContain('Gutscheinrabatt (BILLS10)');
    expect(lines).toContain(`−${euro(600)}`);
    // Item 12: the credit names the invoice that billed the credited days, and those days: from
    // the upgrade's first day to the last day of the previous period.
    const [basic] = (await ordersOf(t.app, user.id)).filter((o) => o.id === basicId);
    expect(flat).toContain(
      `Anrechnung der nicht genutzten Restlaufzeit des bisherigen Tarifs aus Rechnung ${basic!.invoice_number}`,
    );
    const credited = `${berlinDate(order!.period_start!)} – ${dayBefore(berlinDate(basic!.period_end!))}`;
    expect(berlinDate(order!.period_start!)).not.toBe(berlinDate(basic!.period_start!));
    expect(flat).toContain(credited);
    expect(lines).toContain(`−${euro(order!.proration_cents)}`);
    expect(lines).toContain(euro(order!.amount_cents));
    const net = Math.round((order!.amount_cents * 100) / 119);
    expect(lines).toContain(euro(net));
    expect(lines).toContain(euro(order!.amount_cents - net));
    // Both bills listed, newest first.
    const rows = await listOf(user);
    expect(rows.map((row) => row.product_name)).toEqual(['Premium', 'Basic']);
  });

  it('the tracker brand bills the tracker’s one-time price as its own line', async () => {
    const host = 'gpstracker.localhost';
    // No tracker registered yet: the order includes the tracker's one-time price.
    const user = await registeredUser(t.app, { language: 'en' }, { host });
    const { orderId, secret } = await placeOrder(t.app, user, {
      plan: 'basis12',
      partnerId: 'gpstracker',
      host,
    });
    expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
    await runJobs(t.app);
    const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
    expect(order!.tracker_cents).toBe(4999);
    const res = await v1(t.app, 'GET', `/v1/order/orderpdfweb?id=${orderId}`, undefined, {
      ...as(user),
      host,
    });
    expect(res.statusCode, res.body).toBe(200);
    const lines = readPdf(res.rawPayload).text.split('\n');
    const text = lines.join('\n').replace(/\s*\n\s*/g, ' ');
    if (keepDir) fs.writeFileSync(path.join(keepDir, 'invoice-gps-en.pdf'), res.rawPayload);
    // Item 12: the header's order number (GPS-yyyymmdd-XXXXXXXX) is one text run, not wrapped.
    expect(order!.order_number).toMatch(/^GPS-\d{8}-[0-9A-F]{8}$/);
    expect(lines).toContain(order!.order_number);
    expect(lines).toContain(order!.invoice_number);
    expect(text).toContain(`GPS tracker (one-time price) ${berlinDate(order!.paid_at!)} 49,99 €`);
    expect(text).toContain('BASIS 12 plan – 12 months');
    expect(text).toContain('Total 99,98 €');
    expect(text).toContain(BRANDS.gpstracker.seller.legalName);
    expect(text).toContain(BRANDS.gpstracker.seller.vatId);
    expect(order!.invoice_number).toMatch(/^GPS-\d{4}-\d{6}$/);
  });

  it.each(['de', 'en'] as const)(
    'SEPA: names the mandate reference, the debit date and the refund right (%s)',
    async (language) => {
      const user = await buyer(language);
      const { orderId, secret } = await placeOrder(t.app, user, { plan: 'premium', payType: 'monthly' });
      expect((await confirmWith(t.app, secret, { iban: 'DE89370400440532013000' })).json().status).toBe(
        'processing',
      );
      await runJobs(t.app);
      expect((await invoice(user, orderId)).statusCode).toBe(404); // not paid yet: no invoice
      // Collected on the day its pre-notification named (SEPA_PRENOTIFICATION_DAYS, 5).
      await advanceDays(t.app, 5);
      await v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(user));
      const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
      expect(order!.status).toBe('paid');
      const { flat: text } = await invoiceText(user, orderId, `invoice-sepa-${language}`);
      const debited = berlinDate(order!.paid_at!);
      // The provider's mandate reference, never the payment method's id.
      expect(order!.mandate_reference).toMatch(/^[A-Z0-9]{16}$/);
      expect(text).not.toContain(order!.payment_method_id!);
      if (language === 'de') {
        expect(text).toContain(
          `Der Rechnungsbetrag wurde am ${debited} per SEPA-Lastschrift von Ihrem Konto (IBAN endet auf 3000) eingezogen.`,
        );
        expect(text).toContain(`Mandatsreferenz: ${order!.mandate_reference}`);
        expect(text).toContain(`Gläubiger-Identifikationsnummer: ${BRANDS.primepet.seller.creditorId}`);
        expect(text).toContain('innerhalb von acht Wochen');
      } else {
        expect(text).toContain(
          `The amount was debited by SEPA direct debit from your account (IBAN ending in 3000) on ${debited}.`,
        );
        expect(text).toContain(`Mandate reference: ${order!.mandate_reference}`);
        expect(text).toContain(`Creditor identifier: ${BRANDS.primepet.seller.creditorId}`);
        expect(text).toContain('within eight weeks');
      }
    },
  );
});

describe('invoice numbers', () => {
  it('20 parallel payments by 20 users: numbers consecutive per brand, no gap, no duplicate', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => buyer()));
    const placed = await Promise.all(
      users.map((user) => placeOrder(t.app, user, { plan: 'basic', payType: 'monthly' })),
    );
    const confirmed = await Promise.all(
      placed.map(({ secret }) => confirmWith(t.app, secret, { card: '4242424242424242' })),
    );
    for (const res of confirmed) expect(res.statusCode, res.body).toBe(200);
    // Every order asks for its state at once (each reconciles with the provider and marks itself
    // paid in its own transaction), while the webhook deliveries run too.
    await Promise.all([
      ...placed.map(({ orderId }, i) =>
        v1(t.app, 'GET', `/v1/order/status?id=${orderId}`, undefined, as(users[i]!)),
      ),
      runJobs(t.app),
    ]);
    await runJobs(t.app);

    const paid = await t.app.db
      .selectFrom('subscription_order')
      .select(['id', 'invoice_seq', 'invoice_number'])
      .where('partner_id', '=', 'primepet')
      .where('status', '=', 'paid')
      .execute();
    const ours = paid.filter((row) => placed.some((p) => p.orderId === row.id));
    expect(ours).toHaveLength(20);
    const seqs = paid.map((row) => row.invoice_seq!).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    expect(new Set(paid.map((row) => row.invoice_number)).size).toBe(paid.length);
    const counter = await t.app.db
      .selectFrom('invoice_counter')
      .select('last_seq')
      .where('partner_id', '=', 'primepet')
      .executeTakeFirstOrThrow();
    expect(Number(counter.last_seq)).toBe(seqs.length);
    // Each user sees exactly their own bill.
    for (const [i, user] of users.entries()) {
      const rows = await listOf(user);
      expect(rows.map((row) => row.id)).toEqual([placed[i]!.orderId]);
    }
  }, 120_000);

  it('a renewal is a bill of its own with the next invoice number', async () => {
    const user = await buyer('de');
    const orderId = await buyByCard(user, { plan: 'premium', payType: 'monthly' });
    await advanceDays(t.app, 32);
    await runJobs(t.app);
    const rows = await listOf(user);
    expect(rows.map((row) => row.kind)).toEqual(['renewal', 'purchase']);
    const [renewal, purchase] = rows;
    expect(purchase!.id).toBe(orderId);
    expect(renewal!.invoice_number).not.toBe(purchase!.invoice_number);
    const seqOf = (number: string) => Number(number.split('-').at(-1));
    expect(seqOf(renewal!.invoice_number!)).toBeGreaterThan(seqOf(purchase!.invoice_number!));
    // Item 8: periods do not overlap; one ends the day before the next begins.
    expect(renewal!.period_start).toBe(dayAfter(purchase!.period_end!));
    const { flat: text } = await invoiceText(user, renewal!.id, 'invoice-renewal-de');
    expect(text).toContain('Verlängerung Tarif Premium – Laufzeit 1 Monat');
    expect(text).toContain(renewal!.invoice_number!);
    expect(text).toContain(`${renewal!.period_start} – ${renewal!.period_end}`);
    const { flat: first } = await invoiceText(user, purchase!.id, 'invoice-before-renewal-de');
    expect(first).toContain(`Leistungszeitraum ${purchase!.period_start} – ${purchase!.period_end}`);
    // The renewal mail names the same period as its invoice.
    const mail = (await mailbox(t.app)).find(
      (m) => m.to === user.email && m.kind === 'subscription-renewal-paid',
    );
    expect(mail?.text).toContain(`${renewal!.period_start} – ${renewal!.period_end}`);
    // Item 11: the renewal mail carries the renewal's invoice.
    const files = mail!.attachments;
    expect(files.map((file) => file.name)).toEqual([`${renewal!.invoice_number}.pdf`]);
  });
});

/** The outbox mail of a kind to a user (mails are sent by jobs: run them first). */
async function mailOf(email: string, kind: string) {
  await runJobs(t.app);
  const mail = (await mailbox(t.app)).find((m) => m.to === email && m.kind === kind);
  expect(mail, `${kind} mail to ${email}`).toBeDefined();
  return mail!;
}

/** The bytes of an outbox mail's attachment, as its recipient saves it. */
async function attachmentBytes(id: string): Promise<Buffer> {
  const res = await t.app.inject({ url: `/dev/mailbox/attachment?id=${encodeURIComponent(id)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
}

/** Opens a mail's signed invoice link as someone who is not signed in. */
async function openSigned(link: string) {
  const url = new URL(link);
  return t.app.inject({ url: `${url.pathname}${url.search}`, headers: { host: url.host } });
}

const invoiceLinkOf = (mail: { links: string[] }) =>
  mail.links.find((link) => new URL(link).pathname === '/v1/order/invoice-download');

// Issue 33 item 11. Last in the file: it moves the business clock past the links' expiry.
describe('invoice mails: the PDF attached, a signed link that needs no Bills page', () => {
  const BRAND_PLANS = [
    ['primepet', 'premium'],
    ['hundeschutz', 'protectplus'],
    ['gpstracker', 'basis12'],
    ['petclub', 'premium'],
  ] as const;

  it('every brand’s payment mail carries its invoice PDF and a signed link that works signed out', async () => {
    // tier-fritz takes no orders from the payment screen: it sends no payment mail.
    expect(BRANDS.tierfritz.canOrderFromPaymentScreen).toBe(false);
    for (const [partnerId, plan] of BRAND_PLANS) {
      const host = `${partnerId}.localhost`;
      const user = await registeredUser(t.app, { language: 'de' }, { host });
      const { orderId, secret } = await placeOrder(t.app, user, { plan, partnerId, host });
      expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
      const mail = await mailOf(user.email, 'subscription-order-paid');
      const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
      const number = order!.invoice_number!;
      expect(mail.attachments, partnerId).toEqual([
        { id: expect.any(String), name: `${number}.pdf`, type: 'application/pdf', size: expect.any(Number) },
      ]);
      const [file] = mail.attachments;
      const attached = await attachmentBytes(file!.id);
      expect(attached.length).toBe(file!.size);
      const attachedText = readPdf(attached).text;
      expect(attachedText.split('\n')).toContain(number);
      expect(attachedText).toContain('Rechnung');
      // The link: the brand's origin, a signed token, no Bills page (two brands hide it).
      expect(
        mail.links.some((link) => link.includes('/my-account/bills')),
        partnerId,
      ).toBe(false);
      const link = invoiceLinkOf(mail);
      expect(link, partnerId).toBeDefined();
      expect(mail.text).toContain(`Rechnung ${number} herunterladen`);
      expect(mail.text).toContain('als PDF angehängt');
      const opened = await openSigned(link!);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.headers['content-type']).toBe('application/pdf');
      expect(opened.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
      expect(readPdf(opened.rawPayload).text.split('\n')).toContain(number);
    }
  }, 180_000);

  it('a mail whose PDF cannot be rendered is not sent; the job’s retry sends it once, with its PDF', async () => {
    await runJobs(t.app);
    const user = await buyer('en');
    const { orderId, secret } = await placeOrder(t.app, user, { plan: 'basic', payType: 'yearly' });
    // The first rendering of this order's invoice fails (other mails render as usual).
    const original = t.app.invoices.mailDocument.bind(t.app.invoices);
    let failures = 0;
    const failing = vi.spyOn(t.app.invoices, 'mailDocument').mockImplementation(async (id, document) => {
      if (id === orderId && failures === 0) {
        failures += 1;
        throw new Error('render pool busy');
      }
      return original(id, document);
    });
    try {
      expect((await confirmWith(t.app, secret, { card: '4242424242424242' })).statusCode).toBe(200);
      await runJobs(t.app);
      const paidMails = async () =>
        (await mailbox(t.app)).filter((m) => m.to === user.email && m.kind === 'subscription-order-paid');
      expect(failures).toBe(1);
      expect(await paidMails()).toEqual([]);
      // The job retries after its backoff (30 s and more).
      await t.app.inject({ method: 'POST', url: '/dev/clock/advance', payload: { seconds: 120 } });
      await runJobs(t.app);
      const mails = await paidMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attachments.map((file) => file.type)).toEqual(['application/pdf']);
    } finally {
      failing.mockRestore();
    }
  });

  it('a refund mails the invoice correction, naming the corrected invoice; forged and expired links fail', async () => {
    const user = await buyer('de');
    const orderId = await buyByCard(user, { plan: 'premium', payType: 'yearly' });
    const paidMail = await mailOf(user.email, 'subscription-order-paid');
    await t.app.invoices.refundOrder(orderId);
    const mail = await mailOf(user.email, 'subscription-refund-issued');
    const [order] = (await ordersOf(t.app, user.id)).filter((o) => o.id === orderId);
    const [note] = (await creditNotes()).filter((n) => n.order_id === orderId);
    const invoiceNumber = order!.invoice_number!;
    const correction = note!.credit_note_number;
    expect(mail.subject).toContain(`Rechnungskorrektur ${correction} zur Rechnung ${invoiceNumber}`);
    expect(mail.text).toContain(`Korrigierte Rechnung: ${invoiceNumber}`);
    expect(mail.text).toContain('59,99 €');
    expect(mail.text).not.toContain('Gutschrift');
    const files = mail.attachments;
    expect(files.map((f) => [f.name, f.type])).toEqual([[`${correction}.pdf`, 'application/pdf']]);
    const flat = readPdf(await attachmentBytes(files[0]!.id)).text.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain(`Rechnungskorrektur ${correction} zur Rechnung ${invoiceNumber}`);
    const opened = await openSigned(invoiceLinkOf(mail)!);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-disposition']).toBe(`attachment; filename="${correction}.pdf"`);
    // Again: one refund mail.
    await t.app.invoices.refundOrder(orderId);
    await runJobs(t.app);
    expect(
      (await mailbox(t.app)).filter((m) => m.to === user.email && m.kind === 'subscription-refund-issued'),
    ).toHaveLength(1);

    // A token changed in any way is refused; so is one signed for another order.
    const link = new URL(invoiceLinkOf(paidMail)!);
    const token = link.searchParams.get('token')!;
    const [payload, sig] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify(['00000000-0000-4000-8000-000000000000', 'invoice', 4102444800]),
    ).toString('base64url');
    for (const forged of [`${otherPayload}.${sig}`, `${payload}.${sig!.slice(0, -2)}AA`, payload!, 'x']) {
      const res = await t.app.inject({
        url: `/v1/order/invoice-download?token=${encodeURIComponent(forged)}`,
      });
      expect(res.statusCode, forged).toBe(404);
    }
    expect((await t.app.inject({ url: '/v1/order/invoice-download' })).statusCode).toBe(400);
    // It expires after 30 days (the attachment stays, of course).
    expect((await openSigned(link.toString())).statusCode).toBe(200);
    await advanceDays(t.app, 31);
    const expired = await openSigned(link.toString());
    expect(expired.statusCode).toBe(410);
    expect(expired.json().key).toBe('Link_Expired_Text');
  }, 120_000);
});
