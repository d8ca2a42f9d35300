import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { cardBrandName, formatEuro, type UiLanguage } from '@pet/contract';
import { useSharedDejaVu } from '../../../platform/pdf/index.ts';

/**
 * The invoice and the credit note as PDFs (pdfkit, DejaVu Sans embedded so every name prints), in
 * German or English. The content is what section 14 UStG asks of an invoice: the seller's full
 * name, address and VAT id, the buyer's name and address, the issue date, a consecutive invoice
 * number, what was supplied and when (the service period), the net amount, the VAT rate and
 * amount, and the gross total; plus how it was paid. A credit note corrects one invoice: it names
 * it and shows the refunded amounts negative. Layout only, no I/O: the service gathers the data.
 */

/** German VAT on the portal's services and the tracker (prices are gross, VAT included). */
export const VAT_RATE_PERCENT = 19;

export interface InvoiceParty {
  name: string;
  /** Address lines as printed (street, extra line, postal code and city, country). */
  lines: string[];
}

export interface InvoiceLine {
  description: string;
  /** The period or date of the line's service, already formatted; empty for none. */
  period: string;
  /** Gross cents; negative for discounts and credits. */
  amountCents: number;
}

export type PaymentNotice =
  | { type: 'card'; brand: string | null; last4: string | null; date: string }
  | {
      type: 'sepa_debit';
      last4: string | null;
      mandateReference: string | null;
      /** The brand's SEPA creditor identifier (Gläubiger-Identifikationsnummer). */
      creditorId: string;
      /** The debit date, dd.MM.yyyy. */
      date: string;
    }
  | { type: 'other'; date: string };

export interface InvoiceDocumentData {
  kind: 'invoice' | 'credit_note';
  language: UiLanguage;
  seller: {
    legalName: string;
    street: string;
    postalCode: string;
    city: string;
    country: string;
    vatId: string;
    supportEmail: string;
    brandName: string;
  };
  buyer: InvoiceParty;
  /** Invoice number, or the credit note's own number. */
  number: string;
  /** Issue date, dd.MM.yyyy. */
  date: string;
  orderNumber: string;
  /** Service period, e.g. 24.11.2026 – 24.11.2027. */
  servicePeriod: string;
  /** For a credit note: the invoice it corrects. */
  corrects: { number: string; date: string } | null;
  lines: InvoiceLine[];
  /** The gross total (the sum of the lines); negative on a credit note. */
  totalCents: number;
  payment: PaymentNotice;
}

/** Net and VAT of a gross amount: VAT = gross − round(gross / 1.19), so net + VAT is the gross exactly. */
export function splitGross(grossCents: number): { netCents: number; vatCents: number } {
  const netCents = Math.round((grossCents * 100) / (100 + VAT_RATE_PERCENT));
  return { netCents, vatCents: grossCents - netCents };
}

/** formatEuro for cents, with a real minus sign for negative amounts. */
export function euroText(cents: number): string {
  return cents < 0 ? `−${formatEuro(-cents / 100)}` : formatEuro(cents / 100);
}

const TEXTS = {
  de: {
    invoice: 'Rechnung',
    // Not "Gutschrift": under section 14 (2) UStG that is a bill the buyer issues (self-billing).
    creditNote: 'Rechnungskorrektur',
    number: 'Rechnungsnummer',
    creditNoteNumber: 'Korrekturnummer',
    date: 'Rechnungsdatum',
    creditNoteDate: 'Datum',
    corrects: 'Zur Rechnung',
    correctsDate: 'vom',
    correctsTitle: (number: string) => `zur Rechnung ${number}`,
    orderNumber: 'Bestellnummer',
    servicePeriod: 'Leistungszeitraum',
    vatId: 'USt-IdNr.',
    position: 'Pos.',
    description: 'Beschreibung',
    period: 'Zeitraum',
    amount: 'Betrag',
    net: 'Nettobetrag',
    vat: (rate: number) => `Umsatzsteuer ${rate} %`,
    total: 'Gesamtbetrag',
    creditTotal: 'Erstattungsbetrag',
    vatIncluded: (rate: number) => `Alle Beträge in Euro; die Preise enthalten ${rate} % Umsatzsteuer.`,
    paidByCard: (brand: string | null, last4: string | null, date: string) =>
      `Bezahlt am ${date} per Kreditkarte${brand ? ` (${brand}` : ''}${last4 ? `${brand ? ', ' : ' ('}Kartennummer endet auf ${last4})` : brand ? ')' : ''}.`,
    paidBySepa: (last4: string | null, date: string) =>
      `Der Rechnungsbetrag wurde am ${date} per SEPA-Lastschrift von Ihrem Konto${last4 ? ` (IBAN endet auf ${last4})` : ''} eingezogen.`,
    mandate: (reference: string) => `Mandatsreferenz: ${reference}`,
    creditorId: (id: string) => `Gläubiger-Identifikationsnummer: ${id}`,
    sepaRefundRight:
      'Sie können innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen.',
    paidOther: (date: string) => `Bezahlt am ${date}.`,
    refundToCard: (brand: string | null, last4: string | null, date: string) =>
      `Der Betrag wird am ${date} auf Ihre Kreditkarte${brand ? ` (${brand}` : ''}${last4 ? `${brand ? ', ' : ' ('}Kartennummer endet auf ${last4})` : brand ? ')' : ''} erstattet.`,
    refundToAccount: (last4: string | null, date: string) =>
      `Der Betrag wird am ${date} auf Ihr Konto${last4 ? ` (IBAN endet auf ${last4})` : ''} zurücküberwiesen.`,
    refundOther: (date: string) => `Der Betrag wird am ${date} erstattet.`,
    thanks: 'Vielen Dank für Ihr Vertrauen.',
    questions: (email: string) => `Fragen zu dieser Rechnung? Schreiben Sie uns an ${email}.`,
    creditQuestions: (email: string) => `Fragen zu dieser Rechnungskorrektur? Schreiben Sie uns an ${email}.`,
  },
  en: {
    invoice: 'Invoice',
    creditNote: 'Invoice correction',
    number: 'Invoice number',
    creditNoteNumber: 'Correction number',
    date: 'Invoice date',
    creditNoteDate: 'Date',
    corrects: 'Corrects invoice',
    correctsDate: 'of',
    correctsTitle: (number: string) => `to invoice ${number}`,
    orderNumber: 'Order number',
    servicePeriod: 'Service period',
    vatId: 'VAT ID',
    position: 'Item',
    description: 'Description',
    period: 'Period',
    amount: 'Amount',
    net: 'Net amount',
    vat: (rate: number) => `VAT ${rate} %`,
    total: 'Total',
    creditTotal: 'Total refunded',
    vatIncluded: (rate: number) => `All amounts in euro; prices include ${rate} % VAT.`,
    paidByCard: (brand: string | null, last4: string | null, date: string) =>
      `Paid on ${date} by credit card${brand ? ` (${brand}` : ''}${last4 ? `${brand ? ', ' : ' ('}card number ending in ${last4})` : brand ? ')' : ''}.`,
    paidBySepa: (last4: string | null, date: string) =>
      `The amount was debited by SEPA direct debit from your account${last4 ? ` (IBAN ending in ${last4})` : ''} on ${date}.`,
    mandate: (reference: string) => `Mandate reference: ${reference}`,
    creditorId: (id: string) => `Creditor identifier: ${id}`,
    sepaRefundRight:
      'You may demand a refund of the debited amount within eight weeks, starting with the date on which your account was debited.',
    paidOther: (date: string) => `Paid on ${date}.`,
    refundToCard: (brand: string | null, last4: string | null, date: string) =>
      `The amount is refunded to your credit card${brand ? ` (${brand}` : ''}${last4 ? `${brand ? ', ' : ' ('}card number ending in ${last4})` : brand ? ')' : ''} on ${date}.`,
    refundToAccount: (last4: string | null, date: string) =>
      `The amount is transferred back to your account${last4 ? ` (IBAN ending in ${last4})` : ''} on ${date}.`,
    refundOther: (date: string) => `The amount is refunded on ${date}.`,
    thanks: 'Thank you for your trust.',
    questions: (email: string) => `Questions about this invoice? Write to us at ${email}.`,
    creditQuestions: (email: string) => `Questions about this invoice correction? Write to us at ${email}.`,
  },
} as const;

export type InvoiceTexts = (typeof TEXTS)[UiLanguage];
export const invoiceTexts = (language: UiLanguage): InvoiceTexts => TEXTS[language];

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const WIDTH = PAGE.width - 2 * MARGIN;
const COLORS = { text: '#1a1a1a', muted: '#5f5f5f', accent: '#b34700', rule: '#d0d0d0', band: '#f6efe9' };
const REGULAR = 'DejaVu';
const BOLD = 'DejaVu-Bold';

export function paymentText(data: InvoiceDocumentData): string[] {
  const t = TEXTS[data.language];
  const p = data.payment;
  if (data.kind === 'credit_note') {
    if (p.type === 'card') return [t.refundToCard(cardBrandName(p.brand), p.last4, p.date)];
    if (p.type === 'sepa_debit') return [t.refundToAccount(p.last4, p.date)];
    return [t.refundOther(p.date)];
  }
  if (p.type === 'card') return [t.paidByCard(cardBrandName(p.brand), p.last4, p.date)];
  if (p.type === 'sepa_debit') {
    return [
      t.paidBySepa(p.last4, p.date),
      ...(p.mandateReference ? [t.mandate(p.mandateReference)] : []),
      t.creditorId(p.creditorId),
      t.sepaRefundRight,
    ];
  }
  return [t.paidOther(p.date)];
}

/**
 * Lays the document out and answers pdfkit's stream: the route sends it as it is produced, nothing
 * is collected in memory or written to disk first.
 */
export function renderInvoicePdf(data: InvoiceDocumentData): Readable {
  const t = TEXTS[data.language];
  const credit = data.kind === 'credit_note';
  const title = credit ? t.creditNote : t.invoice;
  const doc = new PDFDocument({
    size: 'A4',
    // Every text is DejaVu, parsed once per process (useSharedDejaVu); no default Helvetica.
    font: null as unknown as string,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `${title} ${data.number}`,
      Author: data.seller.legalName,
      Creator: data.seller.brandName,
    },
  });
  // In the order of first use (the letterhead's name is bold): the ids pdfkit gave them.
  useSharedDejaVu(doc, [
    [BOLD, 'bold'],
    [REGULAR, 'regular'],
  ]);
  const { seller } = data;

  // --- Letterhead: seller left, document title right --------------------------------------------
  doc
    .font(BOLD)
    .fontSize(16)
    .fillColor(COLORS.accent)
    .text(seller.legalName, MARGIN, MARGIN, { width: WIDTH / 2 });
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(seller.street, MARGIN, doc.y + 2, { width: WIDTH / 2 })
    .text(`${seller.postalCode} ${seller.city}`, { width: WIDTH / 2 })
    .text(seller.country, { width: WIDTH / 2 })
    .text(`${t.vatId} ${seller.vatId}`, { width: WIDTH / 2 })
    .text(seller.supportEmail, { width: WIDTH / 2 });
  // The title stays on one line: a longer one ("Rechnungskorrektur") is set smaller.
  doc.font(BOLD).fontSize(22);
  const titleSize = Math.min(22, Math.floor((22 * (WIDTH / 2)) / doc.widthOfString(title)));
  doc
    .fontSize(titleSize)
    .fillColor(COLORS.text)
    .text(title, MARGIN + WIDTH / 2, MARGIN, {
      width: WIDTH / 2,
      align: 'right',
      lineBreak: false,
    });

  // --- Buyer (left) and the document's facts (right) ---------------------------------------------
  const blockTop = 170;
  const factsX = MARGIN + WIDTH * 0.44;
  const BUYER_WIDTH = factsX - MARGIN - 14;
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text(
      `${seller.legalName} · ${seller.street} · ${seller.postalCode} ${seller.city}`,
      MARGIN,
      blockTop - 16,
      {
        width: WIDTH / 2,
        lineBreak: false,
        ellipsis: true,
      },
    );
  doc
    .font(BOLD)
    .fontSize(10.5)
    .fillColor(COLORS.text)
    .text(data.buyer.name, MARGIN, blockTop, { width: BUYER_WIDTH });
  doc.font(REGULAR).fontSize(10.5);
  for (const line of data.buyer.lines) doc.text(line, { width: BUYER_WIDTH });
  const buyerBottom = doc.y;

  const facts: Array<[string, string]> = [
    [credit ? t.creditNoteNumber : t.number, data.number],
    [credit ? t.creditNoteDate : t.date, data.date],
    ...(data.corrects
      ? ([
          [t.corrects, data.corrects.number],
          [t.correctsDate, data.corrects.date],
        ] as Array<[string, string]>)
      : []),
    [t.orderNumber, data.orderNumber],
    [t.servicePeriod, data.servicePeriod],
  ];
  // Values (numbers, dates) never wrap: the value column is as wide as the widest value, and the
  // labels take the rest (a long label wraps instead). A brand's longer order number (GPS-...)
  // used to break in two.
  const labelX = factsX;
  const blockWidth = MARGIN + WIDTH - labelX;
  doc.font(BOLD).fontSize(9);
  const valueWidth = Math.min(
    blockWidth - 70,
    Math.ceil(Math.max(...facts.map(([, value]) => doc.widthOfString(value)))) + 1,
  );
  const valueX = MARGIN + WIDTH - valueWidth;
  const labelWidth = blockWidth - valueWidth - 8;
  let y = blockTop;
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(9).fillColor(COLORS.muted).text(label, labelX, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(COLORS.text)
      .text(value, valueX, y, { width: valueWidth, align: 'right', lineBreak: false });
    y = Math.max(doc.y, labelBottom) + 3;
  }

  // --- Title line ----------------------------------------------------------------------------------
  y = Math.max(buyerBottom, y) + 34;
  doc
    .font(BOLD)
    .fontSize(13)
    .fillColor(COLORS.accent)
    .text(
      `${title} ${data.number}${data.corrects ? ` ${t.correctsTitle(data.corrects.number)}` : ''}`,
      MARGIN,
      y,
      { width: WIDTH },
    );
  y = doc.y + 10;

  // --- Line items ------------------------------------------------------------------------------------
  const col = {
    pos: { x: MARGIN + 6, width: 30 },
    description: { x: MARGIN + 40, width: 205 },
    period: { x: MARGIN + 250, width: 140 },
    amount: { x: MARGIN + 390, width: WIDTH - 390 - 6 },
  };
  doc.rect(MARGIN, y, WIDTH, 20).fill(COLORS.band);
  doc.font(BOLD).fontSize(9).fillColor(COLORS.text);
  doc.text(t.position, col.pos.x, y + 6, { width: col.pos.width });
  doc.text(t.description, col.description.x, y + 6, { width: col.description.width });
  doc.text(t.period, col.period.x, y + 6, { width: col.period.width });
  doc.text(t.amount, col.amount.x, y + 6, { width: col.amount.width, align: 'right' });
  y += 26;
  data.lines.forEach((line, index) => {
    doc.font(REGULAR).fontSize(9.5).fillColor(COLORS.text);
    const height = Math.max(
      doc.heightOfString(line.description, { width: col.description.width }),
      doc.heightOfString(line.period || ' ', { width: col.period.width }),
    );
    doc.text(String(index + 1), col.pos.x, y, { width: col.pos.width });
    doc.text(line.description, col.description.x, y, { width: col.description.width });
    if (line.period) doc.text(line.period, col.period.x, y, { width: col.period.width });
    doc.text(euroText(line.amountCents), col.amount.x, y, { width: col.amount.width, align: 'right' });
    y += height + 8;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(MARGIN + WIDTH, y - 4)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
  });

  // --- Totals: net, VAT, gross ----------------------------------------------------------------------
  const { netCents, vatCents } = splitGross(data.totalCents);
  const totalsX = MARGIN + WIDTH / 2;
  const totalsLabelWidth = WIDTH / 2 - 110;
  const totalsValueX = totalsX + totalsLabelWidth;
  const totalsValueWidth = MARGIN + WIDTH - totalsValueX - 6;
  y += 6;
  for (const [label, cents] of [
    [t.net, netCents],
    [t.vat(VAT_RATE_PERCENT), vatCents],
  ] as const) {
    doc
      .font(REGULAR)
      .fontSize(9.5)
      .fillColor(COLORS.text)
      .text(label, totalsX, y, { width: totalsLabelWidth });
    doc.text(euroText(cents), totalsValueX, y, { width: totalsValueWidth, align: 'right' });
    y = doc.y + 4;
  }
  doc
    .moveTo(totalsX, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(1)
    .strokeColor(COLORS.accent)
    .stroke();
  y += 6;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(COLORS.text)
    .text(credit ? t.creditTotal : t.total, totalsX, y, {
      width: totalsLabelWidth,
    });
  doc.text(euroText(data.totalCents), totalsValueX, y, { width: totalsValueWidth, align: 'right' });
  y = doc.y + 24;

  // --- Payment, notes -------------------------------------------------------------------------------
  doc.font(REGULAR).fontSize(9.5).fillColor(COLORS.text);
  for (const paragraph of paymentText(data)) {
    doc.text(paragraph, MARGIN, y, { width: WIDTH });
    y = doc.y + 5;
  }
  doc
    .fillColor(COLORS.muted)
    .fontSize(9)
    .text(t.vatIncluded(VAT_RATE_PERCENT), MARGIN, y + 6, { width: WIDTH });
  doc.text(credit ? t.creditQuestions(seller.supportEmail) : t.questions(seller.supportEmail), {
    width: WIDTH,
  });
  if (!credit) doc.moveDown(0.6).fillColor(COLORS.text).text(t.thanks, { width: WIDTH });

  // --- Footer: the seller's particulars once more (in the bottom margin, so no page is added) --------
  doc.page.margins.bottom = 0;
  const footerY = PAGE.height - MARGIN - 10;
  doc
    .moveTo(MARGIN, footerY - 8)
    .lineTo(MARGIN + WIDTH, footerY - 8)
    .lineWidth(0.5)
    .strokeColor(COLORS.rule)
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(7.5)
    .fillColor(COLORS.muted)
    .text(
      `${seller.legalName} · ${seller.street} · ${seller.postalCode} ${seller.city} · ${t.vatId} ${seller.vatId} · ${seller.supportEmail}`,
      MARGIN,
      footerY,
      { width: WIDTH, align: 'center', lineBreak: false, ellipsis: true, height: 12 },
    );

  doc.end();
  return doc;
}
