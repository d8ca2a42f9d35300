import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  formatEuro,
  periodLastDay,
  periodText,
  sellerDate,
  userLanguageToUi,
  type BrandConfig,
  type Order,
  type UiLanguage,
} from '@pet/contract';
import type { Database } from '../../../db/schema.ts';
import type { DatabaseKind } from '../../../db/database.ts';
import { badRequest, notFound, withStatus } from '../../../platform/errors.ts';
import type { Clock } from '../../../platform/clock.ts';
import { pdfRendererIn, type PdfRenderer } from '../../../platform/pdf/index.ts';
import type {
  PaymentMethodInfo,
  PaymentProvider,
  RefundInfo,
  RefundInput,
} from '../../../platform/payments/types.ts';
import type { JobQueue } from '../../../platform/jobs/jobs.ts';
import type { MailAttachment } from '../../../platform/mail/mailer.ts';
import * as repo from './invoices.repo.ts';
import type { InvoiceLinks } from './invoice-links.ts';
import { lockOrder } from '../subscription.repo.ts';
import type * as InvoicePdf from './invoice.pdf.ts';
import type { InvoiceDocumentData, InvoiceLine, InvoiceParty, PaymentNotice } from './invoice.pdf.ts';

const INVOICE_PDF = pdfRendererIn<typeof InvoicePdf>(new URL('./invoice.pdf.ts', import.meta.url))(
  'renderInvoicePdf',
);

export interface InvoicesServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  log: FastifyBaseLogger;
  /** For the payment method on the invoice (card brand and last 4, IBAN's last 4); null: not shown. */
  provider: PaymentProvider | null;
  /** Refunds at the payment provider; null when no provider is configured. */
  refund: ((request: RefundInput) => Promise<RefundInfo>) | null;
  brandForPartner: (partnerId: string) => BrandConfig;
  /** Renders the PDF in a worker thread with a time limit (503 past it). */
  pdf: PdfRenderer;
  /** The signed download links that mails carry. */
  links: InvoiceLinks;
  /** The refund's mail (with its invoice correction) is scheduled in the refund's transaction. */
  jobs: JobQueue;
  /** The subscription module's mail job (a parameter: that module imports this one). */
  mailJob: string;
  /** Ends the plan an order paid for, in the credit note's transaction (SubscriptionService.endPlanNowIn). */
  endPlanNowIn: (
    trx: Transaction<Database>,
    userId: string,
    orderPeriodEnd: string | null,
    reason: 'plan-ended-refunded' | 'plan-withdrawn',
  ) => Promise<boolean>;
}

/** A document as a mail carries it: the PDF attached, and a signed link to download it again. */
export interface MailDocument {
  attachment: MailAttachment;
  /** Path and token of the download link (the mail puts the brand's origin before it). */
  linkPath: string;
  /** Until when the link works. */
  linkExpiresAt: Date;
  /** The document's number: the invoice's, or the invoice correction's. */
  number: string;
  /** For an invoice correction: the number of the invoice it corrects. */
  correctsNumber: string | null;
  /** The amount the document states, in cents (positive; refunded on a correction). */
  amountCents: number;
}

export interface RefundOptions {
  /** The cents to refund (at most the order's amount); default: all of it. */
  amountCents?: number;
  /**
   * A withdrawal ends the plan whatever the amount (the share used may be kept); otherwise a
   * full refund ends the plan the order paid for and a partial one keeps it.
   */
  withdrawal?: boolean;
}

export type OrderDocument = 'invoice' | 'credit_note';

export interface OrderPdf {
  /** The invoice (or credit note) number with .pdf. */
  fileName: string;
  /** The whole PDF, rendered off the event loop. */
  pdf: Buffer;
}

export interface CreditNoteResult {
  orderId: string;
  invoiceNumber: string;
  creditNoteNumber: string;
  amountCents: number;
  refundId: string;
  refundStatus: string;
  /** False when the order had been refunded before (nothing new happened). */
  created: boolean;
  /** True when this refund ended the plan the order paid for. */
  planEnded: boolean;
}

/** The invoice PDF of an order: the path the list links to (and the mobile apps call). */
export const INVOICE_PATH = '/v1/order/orderpdfweb';

/** dd.MM.yyyy in German time: the seller's calendar decides an invoice's date. */
export const invoiceDate = sellerDate;

/** A service period, first to last day (the last day is the day before the next period begins). */
const period = (start: string | null, end: string | null) =>
  start && end ? periodText(start, end) : start ? invoiceDate(start) : '';

function countryName(code: string, language: UiLanguage): string {
  const trimmed = code.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(trimmed.toUpperCase()) ?? trimmed;
  } catch {
    return trimmed;
  }
}

/**
 * Invoice-correction numbers: the brand's invoice prefix, G, the year, the number: PP-G-2026-000001
 * (the series keeps its letter; the document itself is titled "Rechnungskorrektur").
 */
export const creditNoteNumberOf = (brand: BrandConfig, seq: number, at: Date) =>
  `${brand.seller.invoicePrefix}-G-${at.getUTCFullYear()}-${String(seq).padStart(6, '0')}`;

/**
 * The unused part of the previous plan that an upgrade credits, and the invoice that billed it:
 * the line names the invoice, its period column the credited days.
 */
interface CreditedPeriod {
  invoiceNumber: string;
  /** From the upgrade's first day to the previous period's last day. */
  period: string;
}

const LINE_TEXTS = {
  de: {
    months: (n: number) => `${n} ${n === 1 ? 'Monat' : 'Monate'}`,
    plan: (name: string, months: string, renewal: boolean) =>
      `${renewal ? 'Verlängerung ' : ''}Tarif ${name} – Laufzeit ${months}`,
    tracker: 'GPS-Tracker (einmaliger Preis)',
    coupon: (code: string | null) => `Gutscheinrabatt${code ? ` (${code})` : ''}`,
    proration: (credited: CreditedPeriod | null) =>
      `Anrechnung der nicht genutzten Restlaufzeit des bisherigen Tarifs${
        credited ? ` aus Rechnung ${credited.invoiceNumber}` : ''
      }`,
    partialRefund: 'Erstattung (anteilig)',
  },
  en: {
    months: (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`,
    plan: (name: string, months: string, renewal: boolean) =>
      `${name} plan${renewal ? ' renewal' : ''} – ${months}`,
    tracker: 'GPS tracker (one-time price)',
    coupon: (code: string | null) => `Coupon discount${code ? ` (${code})` : ''}`,
    proration: (credited: CreditedPeriod | null) =>
      `Credit for the unused rest of the previous plan${
        credited ? ` billed on invoice ${credited.invoiceNumber}` : ''
      }`,
    partialRefund: 'Refund (partial)',
  },
} as const;

/**
 * The credit note's lines: the invoice's lines negated for a full refund; one line of the refunded
 * share for a partial one (a withdrawal's unused share), so the lines add up to the total.
 */
function creditLines(lines: InvoiceLine[], bill: repo.BillRow, partialText: string): InvoiceLine[] {
  const credited = bill.credit_note_amount_cents ?? bill.amount_cents;
  if (credited === bill.amount_cents)
    return lines.map((line) => ({ ...line, amountCents: -line.amountCents }));
  return [{ description: partialText, period: lines[0]?.period ?? '', amountCents: -credited }];
}

/**
 * Bills and invoices (account-area "Bills"; DESIGN.md section 7): the caller's paid orders, the
 * invoice PDF of each in the user's language, and the credit note of an order the operator
 * refunded, with a number series of its own. Invoice numbers themselves are assigned by the
 * subscription service in the transaction that marks an order paid; this service only reads them.
 */
export class InvoicesService {
  constructor(private readonly deps: InvoicesServiceDeps) {}

  /** GET /v1/order/myorders: the caller's paid orders, newest first; null when there is none (204). */
  async myOrders(userId: string): Promise<Order[] | null> {
    const rows = await repo.listBills(this.deps.db, userId);
    if (rows.length === 0) return null;
    return rows.map((row) => ({
      id: row.id,
      order_number: row.order_number,
      order_date: invoiceDate(row.paid_at!),
      product_name: row.product_name,
      paid_amount_eur_formatted: formatEuro(row.amount_cents / 100),
      date: row.created_at,
      type: row.pay_type,
      period_months: row.period_months,
      payment_type: row.payment_type,
      invoice_number: row.invoice_number,
      invoice_url: `${INVOICE_PATH}?id=${encodeURIComponent(row.id)}`,
      activation_code: null,
      kind: row.kind,
      period_start: row.period_start ? invoiceDate(row.period_start) : null,
      period_end: row.period_end ? periodLastDay(row.period_end) : null,
      credit_note_number: row.credit_note_number,
      credit_note_url: row.credit_note_number
        ? `${INVOICE_PATH}?id=${encodeURIComponent(row.id)}&document=credit_note`
        : null,
    }));
  }

  /**
   * GET /v1/order/orderpdfweb: the invoice (or credit note) of one of the caller's paid orders in
   * the user's language. Everything that can fail (the order, the buyer, the payment method) is
   * read before the PDF starts, so a failure is an answer and never a broken download.
   */
  async orderPdf(userId: string, orderId: string, document: OrderDocument): Promise<OrderPdf> {
    const { db } = this.deps;
    const bill = await repo.findOwnBill(db, userId, orderId);
    if (!bill) throw notFound('No paid order with this id');
    if (document === 'credit_note' && !bill.credit_note_number)
      throw notFound('The order has no credit note');
    const buyer = await repo.findBuyer(db, userId);
    const language: UiLanguage = buyer ? userLanguageToUi(buyer.language) : 'de';
    const data = await this.documentData(bill, buyer, language, document);
    const pdf = await this.deps.pdf.render(INVOICE_PDF, data);
    return { fileName: `${data.number}.pdf`, pdf };
  }

  /**
   * The invoice (or correction) of an order for its mail, rendered at send time by the mail job
   * (issue 33 item 11): the PDF in the buyer's language, and a signed link to it. Not found while
   * the order is unpaid (or, for a correction, not refunded): the job then fails and retries.
   */
  async mailDocument(orderId: string, document: OrderDocument): Promise<MailDocument> {
    const bill = await repo.findBill(this.deps.db, orderId);
    if (!bill || bill.id !== orderId) throw notFound(`No paid order ${orderId}`);
    const { fileName, pdf } = await this.orderPdf(bill.user_id, bill.id, document);
    const link = this.deps.links.path(bill.id, document);
    const credit = document === 'credit_note';
    return {
      attachment: { fileName, contentType: 'application/pdf', content: pdf },
      linkPath: link.path,
      linkExpiresAt: link.expiresAt,
      number: credit ? bill.credit_note_number! : bill.invoice_number!,
      correctsNumber: credit ? bill.invoice_number : null,
      amountCents: credit ? (bill.credit_note_amount_cents ?? bill.amount_cents) : bill.amount_cents,
    };
  }

  /**
   * GET /v1/order/invoice-download?token=: the document a mail's signed link names, for whoever
   * holds the link (no session: the token is the credential). 404 for a forged token, 410 once
   * it expired (the mail's attachment stays valid; the Bills page, where a brand has it, too).
   */
  async pdfByLink(token: string): Promise<OrderPdf> {
    const grant = this.deps.links.verify(token);
    if (grant === 'invalid') throw notFound('This download link is not valid');
    if (grant === 'expired') throw withStatus(410, 'Link_Expired_Text', 'This download link has expired');
    const bill = await repo.findBill(this.deps.db, grant.orderId);
    if (!bill || bill.id !== grant.orderId) throw notFound('No paid order with this id');
    return this.orderPdf(bill.user_id, bill.id, grant.document);
  }

  /** The content of the document, laid out by invoice.pdf.ts (exported for the bench and tests). */
  async documentData(
    bill: repo.BillRow,
    buyer: Awaited<ReturnType<typeof repo.findBuyer>>,
    language: UiLanguage,
    document: OrderDocument,
  ): Promise<InvoiceDocumentData> {
    const brand = this.deps.brandForPartner(bill.partner_id);
    const texts = LINE_TEXTS[language];
    const servicePeriod = period(bill.period_start, bill.period_end);
    const lines: InvoiceLine[] = [
      {
        description: texts.plan(bill.product_name, texts.months(bill.period_months), bill.kind === 'renewal'),
        period: servicePeriod,
        amountCents: bill.plan_cents,
      },
    ];
    if (bill.tracker_cents > 0) {
      lines.push({
        description: texts.tracker,
        period: invoiceDate(bill.paid_at!),
        amountCents: bill.tracker_cents,
      });
    }
    if (bill.discount_cents > 0) {
      lines.push({
        description: texts.coupon(bill.coupon_code),
        period: '',
        amountCents: -bill.discount_cents,
      });
    }
    if (bill.proration_cents > 0) {
      const credited = await this.creditedPeriod(bill);
      lines.push({
        description: texts.proration(credited),
        period: credited?.period ?? '',
        amountCents: -bill.proration_cents,
      });
    }
    const credit = document === 'credit_note';
    const method = await this.paymentMethod(bill.payment_method_id);
    const paymentDate = invoiceDate(credit ? bill.credit_note_created_at! : bill.paid_at!);
    return {
      kind: document,
      language,
      seller: {
        ...brand.seller,
        country: countryName(brand.seller.country, language),
        supportEmail: brand.supportEmail,
        brandName: brand.name,
      },
      buyer: this.buyerOf(bill, buyer, language),
      number: credit ? bill.credit_note_number! : bill.invoice_number!,
      date: credit ? invoiceDate(bill.credit_note_created_at!) : invoiceDate(bill.paid_at!),
      orderNumber: bill.order_number,
      servicePeriod,
      corrects: credit ? { number: bill.invoice_number!, date: invoiceDate(bill.paid_at!) } : null,
      lines: credit ? creditLines(lines, bill, texts.partialRefund) : lines,
      totalCents: credit ? -(bill.credit_note_amount_cents ?? bill.amount_cents) : bill.amount_cents,
      payment: this.paymentNotice(bill, method, paymentDate, brand.seller.creditorId),
    };
  }

  /**
   * The upgrade's credit is for the rest of the period that the previous paid order billed: that
   * order is the one whose period the upgrade was paid in.
   */
  private async creditedPeriod(bill: repo.BillRow): Promise<CreditedPeriod | null> {
    const upgradedAt = bill.period_start ?? bill.paid_at!;
    const previous = await repo.findCreditedOrder(this.deps.db, bill.user_id, bill.id, upgradedAt);
    if (!previous?.invoice_number || !previous.period_end) return null;
    return { invoiceNumber: previous.invoice_number, period: periodText(upgradedAt, previous.period_end) };
  }

  /** The buyer as the order names them; the stored profile address fills an order without one. */
  private buyerOf(
    bill: repo.BillRow,
    buyer: Awaited<ReturnType<typeof repo.findBuyer>>,
    language: UiLanguage,
  ): InvoiceParty {
    const fromOrder = [
      bill.billing_street,
      bill.billing_address,
      bill.billing_zipcode,
      bill.billing_city,
    ].some((part) => part.trim() !== '');
    const street = fromOrder ? bill.billing_street : (buyer?.address_2 ?? '');
    const addressLine = fromOrder ? bill.billing_address : (buyer?.address_1 ?? '');
    const zipcode = fromOrder ? bill.billing_zipcode : (buyer?.zipcode ?? '');
    const city = fromOrder ? bill.billing_city : (buyer?.city ?? '');
    const country = fromOrder ? bill.billing_country : (buyer?.country ?? '');
    // The spec's address form: addressName (address_1, the order's `address`) above the street.
    const lines = [addressLine, street, `${zipcode} ${city}`, country ? countryName(country, language) : '']
      .map((line) => line.trim())
      .filter(Boolean);
    return { name: bill.billing_name.trim() || buyer?.name || bill.billing_email, lines };
  }

  private async paymentMethod(paymentMethodId: string | null): Promise<PaymentMethodInfo | null> {
    if (!paymentMethodId || !this.deps.provider) return null;
    try {
      return await this.deps.provider.retrievePaymentMethod(paymentMethodId);
    } catch (err) {
      // The invoice still says how it was paid, only without the card's or account's digits.
      this.deps.log.warn({ err, paymentMethodId }, 'invoice: payment method could not be read');
      return null;
    }
  }

  private paymentNotice(
    bill: repo.BillRow,
    method: PaymentMethodInfo | null,
    date: string,
    creditorId: string,
  ): PaymentNotice {
    const type = method?.type ?? bill.payment_type;
    if (type === 'card') return { type, brand: method?.brand ?? null, last4: method?.last4 ?? null, date };
    if (type === 'sepa_debit') {
      // The reference of the provider's mandate object, recorded with the debit
      // (sepa-prenotification.ts); never the payment method's id.
      return {
        type,
        last4: method?.last4 ?? null,
        mandateReference: bill.mandate_reference,
        creditorId,
        date,
      };
    }
    return { type: 'other', date };
  }

  /**
   * `npm run admin -- order refund <ORDER_ID>`: refunds a paid order in full at the payment
   * provider and records its credit note with the brand's next credit-note number. The money moves
   * first (with an idempotency key per order), the credit note after, in one transaction with its
   * number: a run that fails in between is simply run again, and the numbers never have a gap.
   * A second run for the same order answers the credit note it already has.
   */
  async refundOrder(orderId: string, options: RefundOptions = {}): Promise<CreditNoteResult> {
    const { db, kind } = this.deps;
    const bill = await repo.findBill(db, orderId);
    if (!bill) throw notFound(`No paid order ${orderId}`);
    if (bill.credit_note_number) return this.creditNoteResult(bill, false);
    const amountCents = options.amountCents ?? bill.amount_cents;
    if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > bill.amount_cents) {
      throw badRequest(
        'Bad_Request_Text',
        'amount',
        `A refund of order ${orderId} is 0.01 to ${(bill.amount_cents / 100).toFixed(2)} EUR`,
      );
    }
    if (!this.deps.refund) {
      throw withStatus(
        503,
        'Payments_Unavailable_Text',
        'No payment provider is configured: nothing can be refunded',
      );
    }
    if (!bill.payment_intent_id) {
      throw badRequest('Bad_Request_Text', 'id', `Order ${orderId} has no payment at the provider to refund`);
    }
    const refund = await this.deps.refund({
      paymentIntentId: bill.payment_intent_id,
      amountCents,
      idempotencyKey: `refund-${bill.id}`,
    });
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw withStatus(
        502,
        'Failure_Call_Text',
        `The provider did not refund the payment (refund ${refund.id}: ${refund.status})`,
      );
    }
    const brand = this.deps.brandForPartner(bill.partner_id);
    let planEnded = false;
    await db.transaction().execute(async (trx) => {
      await lockOrder(trx, kind, bill.id);
      if (await repo.findCreditNoteOfOrder(trx, bill.id)) return;
      const now = this.deps.clock.now();
      const seq = await repo.nextCreditNoteSeq(trx, bill.partner_id);
      await repo.insertCreditNote(trx, {
        id: randomUUID(),
        partner_id: bill.partner_id,
        user_id: bill.user_id,
        order_id: bill.id,
        credit_note_number: creditNoteNumberOf(brand, seq, now),
        credit_note_seq: seq,
        amount_cents: refund.amountCents || amountCents,
        refund_id: refund.id,
        refund_status: refund.status,
        created_at: now.toISOString(),
      });
      // The buyer's mail with the invoice correction attached (rendered when the job sends it).
      await this.deps.jobs.schedule(
        this.deps.mailJob,
        { kind: 'refund-issued', orderId: bill.id },
        { trx, dedupeKey: `subscription-mail:refund-issued:${bill.id}` },
      );
      if (options.withdrawal || amountCents === bill.amount_cents) {
        const reason = options.withdrawal ? 'plan-withdrawn' : 'plan-ended-refunded';
        planEnded = await this.deps.endPlanNowIn(trx, bill.user_id, bill.period_end, reason);
      }
    });
    const recorded = (await repo.findBill(db, orderId))!;
    this.deps.log.info(
      { orderId, creditNote: recorded.credit_note_number, refund: refund.id },
      'order refunded',
    );
    return this.creditNoteResult(recorded, true, planEnded);
  }

  private creditNoteResult(bill: repo.BillRow, created: boolean, planEnded = false): CreditNoteResult {
    return {
      orderId: bill.id,
      invoiceNumber: bill.invoice_number!,
      creditNoteNumber: bill.credit_note_number!,
      amountCents: bill.credit_note_amount_cents ?? bill.amount_cents,
      refundId: bill.credit_note_refund_id ?? '',
      refundStatus: bill.credit_note_refund_status ?? '',
      created,
      planEnded,
    };
  }
}
