import { formatEuro, type BrandConfig, type UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';

/**
 * The subscription mails, per brand and language. Each is sent by the durable mail job
 * (SUBSCRIPTION_MAIL_JOB) scheduled in the transaction of the change it reports, so a mail goes
 * out exactly when the change committed, and once (dedupe key per order and kind).
 */
export type SubscriptionMailKind = 'order-paid' | 'payment-failed';

export interface SubscriptionMailContext {
  kind: SubscriptionMailKind;
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name: string | null;
  productName: string;
  orderNumber: string;
  invoiceNumber: string | null;
  amountCents: number;
  /** dd.MM.yyyy */
  periodStart: string | null;
  periodEnd: string | null;
  paymentType: 'card' | 'sepa_debit' | null;
  failureMessage: string | null;
}

/** dd.MM.yyyy of an ISO timestamp (UTC). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()}`;
}

export function renderSubscriptionMail(context: SubscriptionMailContext): RenderedMail {
  const { brand, language, origin } = context;
  const de = language === 'de';
  const amount = formatEuro(context.amountCents / 100);
  const method =
    context.paymentType === 'sepa_debit' ? (de ? 'SEPA-Lastschrift' : 'SEPA direct debit') : de ? 'Karte' : 'Card';
  if (context.kind === 'order-paid') {
    const rows: Array<[string, string]> = [
      [de ? 'Tarif' : 'Plan', context.productName],
      [de ? 'Bestellnummer' : 'Order number', context.orderNumber],
      [de ? 'Rechnungsnummer' : 'Invoice number', context.invoiceNumber ?? '-'],
      [de ? 'Betrag (inkl. MwSt.)' : 'Amount (incl. VAT)', amount],
      [de ? 'Zahlungsart' : 'Payment method', method],
    ];
    if (context.periodStart && context.periodEnd) {
      rows.push([de ? 'Zeitraum' : 'Period', `${context.periodStart} – ${context.periodEnd}`]);
    }
    return renderNoticeMail({
      brand,
      language,
      origin,
      name: context.name,
      subject: de
        ? `Ihre Zahlung ist eingegangen: ${context.productName} ist aktiv`
        : `Payment received: ${context.productName} is active`,
      intro: de
        ? `vielen Dank! Ihre Zahlung ist eingegangen und Ihr Tarif ${context.productName} ist ab sofort aktiv.`
        : `thank you! We have received your payment and your ${context.productName} plan is active now.`,
      rows,
      action: { label: de ? 'Rechnungen ansehen' : 'View bills', url: `${origin}/my-account/bills` },
      outro: [de ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}` : `Questions? Write to us: ${brand.supportEmail}`],
    });
  }
  return renderNoticeMail({
    brand,
    language,
    origin,
    name: context.name,
    subject: de ? `Zahlung fehlgeschlagen: ${context.productName}` : `Payment failed: ${context.productName}`,
    intro: de
      ? `leider konnte Ihre Zahlung für ${context.productName} nicht durchgeführt werden. Ihr Tarif wurde nicht geändert.`
      : `unfortunately your payment for ${context.productName} did not go through. Your plan has not changed.`,
    rows: [
      [de ? 'Bestellnummer' : 'Order number', context.orderNumber],
      [de ? 'Betrag' : 'Amount', amount],
      [de ? 'Zahlungsart' : 'Payment method', method],
      ...(context.failureMessage
        ? ([[de ? 'Grund' : 'Reason', context.failureMessage]] as Array<[string, string]>)
        : []),
    ],
    action: { label: de ? 'Erneut versuchen' : 'Try again', url: `${origin}/my-account/subscription` },
    outro: [de ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}` : `Questions? Write to us: ${brand.supportEmail}`],
  });
}
