import { formatEuro, periodLastDay, sellerDate, type BrandConfig, type UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../platform/mail/templates.ts';
import { formatReceivedAt } from './received-at.ts';

/**
 * The subscription mails, per brand and language. Each is sent by the durable mail job
 * (SUBSCRIPTION_MAIL_JOB) scheduled in the transaction of the change it reports, so a mail goes
 * out exactly when the change committed, and once (dedupe key per change).
 */
export const SUBSCRIPTION_MAIL_KINDS = [
  'order-paid',
  'payment-failed',
  'renewal-paid',
  'renewal-failed',
  'renewal-action-required',
  'termination-confirmed',
  'termination-revoked',
  'downgrade-scheduled',
  'plan-ended',
  'plan-ended-unpaid',
  'plan-ended-refunded',
  'plan-withdrawn',
  'documents-warning',
  'refund-issued',
] as const;
export type SubscriptionMailKind = (typeof SUBSCRIPTION_MAIL_KINDS)[number];

/** What a mail may show of an order (mails about the plan itself have none). */
export interface MailOrder {
  orderNumber: string;
  invoiceNumber: string | null;
  amountCents: number;
  /** dd.MM.yyyy: the period's first and last day (the last is the day before the next begins). */
  periodStart: string | null;
  periodEnd: string | null;
  paymentType: 'card' | 'sepa_debit' | null;
  failureMessage: string | null;
}

/**
 * The PDF a mail carries (issue 33 item 11): a payment or renewal mail its invoice, a refund mail
 * its invoice correction; none for the others.
 */
export function mailDocumentOf(kind: SubscriptionMailKind): 'invoice' | 'credit_note' | null {
  if (kind === 'order-paid' || kind === 'renewal-paid') return 'invoice';
  if (kind === 'refund-issued') return 'credit_note';
  return null;
}

/** The attached document as the mail names it, and its signed download link. */
export interface MailDocumentLink {
  url: string;
  /** dd.MM.yyyy: the last day the link works. */
  validUntil: string;
  number: string;
  /** An invoice correction's corrected invoice. */
  correctsNumber: string | null;
  amountCents: number;
}

export interface SubscriptionMailContext {
  kind: SubscriptionMailKind;
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name: string | null;
  productName: string;
  order: MailOrder | null;
  /** dd.MM.yyyy: end date, effective date, next try or deletion date, by kind. */
  date: string | null;
  /** The attached invoice or invoice correction (kinds of mailDocumentOf), else null. */
  document?: MailDocumentLink | null;
  /** renewal-action-required: the signed link that signs the owner in to pay on session. */
  actionUrl?: string | null;
  /** ISO time a cancellation was received (termination mails). */
  receivedAt?: string | null;
}

/** dd.MM.yyyy of the day an instant falls on (the seller's calendar, as on invoices and screens). */
export const formatDate = sellerDate;

/**
 * The date a mail shows for its payload's instant: a plan's end (the termination) is the last day
 * of its period, the day before the instant the period ends (issue 33 item 8); every other date
 * (a downgrade's first day, a retry, a deadline) is the day of the instant itself.
 */
export function mailDate(kind: SubscriptionMailKind, at: Date): string {
  return kind === 'termination-confirmed' ? periodLastDay(at) : sellerDate(at);
}

type Rows = Array<[string, string]>;

function orderRows(order: MailOrder | null, productName: string, de: boolean, paid: boolean): Rows {
  if (!order) return [[de ? 'Tarif' : 'Plan', productName]];
  const method =
    order.paymentType === 'sepa_debit'
      ? de
        ? 'SEPA-Lastschrift'
        : 'SEPA direct debit'
      : de
        ? 'Karte'
        : 'Card';
  const rows: Rows = [
    [de ? 'Tarif' : 'Plan', productName],
    [de ? 'Bestellnummer' : 'Order number', order.orderNumber],
  ];
  if (paid) rows.push([de ? 'Rechnungsnummer' : 'Invoice number', order.invoiceNumber ?? '-']);
  rows.push([de ? 'Betrag (inkl. MwSt.)' : 'Amount (incl. VAT)', formatEuro(order.amountCents / 100)]);
  rows.push([de ? 'Zahlungsart' : 'Payment method', method]);
  if (paid && order.periodStart && order.periodEnd) {
    rows.push([de ? 'Zeitraum' : 'Period', `${order.periodStart} – ${order.periodEnd}`]);
  }
  if (!paid && order.failureMessage) rows.push([de ? 'Grund' : 'Reason', order.failureMessage]);
  return rows;
}

/** Why the plan ended, first in its mail. */
function planEndedIntro(kind: SubscriptionMailKind, de: boolean): string {
  switch (kind) {
    case 'plan-ended-unpaid':
      return de
        ? 'die Verlängerung Ihres Tarifs konnte auch nach mehreren Versuchen nicht abgebucht werden. Ihr Konto nutzt jetzt den kostenlosen Tarif.'
        : 'we could not charge the renewal of your plan, also after several attempts. Your account is on the free plan now.';
    case 'plan-ended-refunded':
      return de
        ? 'Ihre Zahlung wurde vollständig erstattet und Ihr Tarif ist damit beendet. Ihr Konto nutzt jetzt den kostenlosen Tarif; die Rechnungskorrektur finden Sie in Ihrem Konto.'
        : 'your payment has been refunded in full, so your plan has ended. Your account is on the free plan now; you find the invoice correction in your account.';
    case 'plan-withdrawn':
      return de
        ? 'wir haben Ihren Widerruf erhalten. Ihr Tarif ist beendet, der nicht genutzte Anteil wird Ihnen erstattet, und Ihr Konto nutzt jetzt den kostenlosen Tarif.'
        : 'we have received your withdrawal. Your plan has ended, the unused share is refunded to you, and your account is on the free plan now.';
    default:
      return de
        ? 'Ihr Tarif ist beendet. Ihr Konto nutzt jetzt den kostenlosen Tarif.'
        : 'your plan has ended. Your account is on the free plan now.';
  }
}

export function renderSubscriptionMail(context: SubscriptionMailContext): RenderedMail {
  const { brand, language, origin, productName, order } = context;
  const de = language === 'de';
  const date = context.date ?? '';
  const support = de
    ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}`
    : `Questions? Write to us: ${brand.supportEmail}`;
  const link = {
    bills: { label: de ? 'Rechnungen ansehen' : 'View bills', url: `${origin}/my-account/bills` },
    plans: { label: de ? 'Tarife ansehen' : 'View plans', url: `${origin}/my-account/subscription` },
    payment: {
      label: de ? 'Zahlungsdaten aktualisieren' : 'Update payment details',
      url: `${origin}/my-account/update-payment-details`,
    },
  };
  const base = { brand, language, origin, name: context.name };
  const document = context.document ?? null;
  // The attached PDF's signed link, where the mail has one; it works without the Bills page,
  // which Hunde-Schutz and GPS do not have.
  const download = document && {
    label: de ? `Rechnung ${document.number} herunterladen` : `Download invoice ${document.number}`,
    url: document.url,
  };
  const attachedNote = document
    ? de
      ? `Die Rechnung ${document.number} ist dieser E-Mail als PDF angehängt. Der Link zum Herunterladen gilt bis zum ${document.validUntil}.`
      : `Invoice ${document.number} is attached to this e-mail as a PDF. The download link works until ${document.validUntil}.`
    : null;
  switch (context.kind) {
    case 'order-paid':
    case 'renewal-paid':
      return renderNoticeMail({
        ...base,
        subject:
          context.kind === 'order-paid'
            ? de
              ? `Ihre Zahlung ist eingegangen: ${productName} ist aktiv`
              : `Payment received: ${productName} is active`
            : de
              ? `Ihr Tarif ${productName} wurde verlängert`
              : `Your ${productName} plan has been renewed`,
        intro:
          context.kind === 'order-paid'
            ? de
              ? `vielen Dank! Ihre Zahlung ist eingegangen und Ihr Tarif ${productName} ist ab sofort aktiv.`
              : `thank you! We have received your payment and your ${productName} plan is active now.`
            : de
              ? `Ihr Tarif ${productName} wurde verlängert. Die Rechnung finden Sie im Anhang.`
              : `your ${productName} plan has been renewed. You find the invoice attached.`,
        rows: orderRows(order, productName, de, true),
        action: download ?? link.bills,
        outro: [...(attachedNote ? [attachedNote] : []), support],
      });
    case 'refund-issued': {
      const number = document?.number ?? '';
      const corrected = document?.correctsNumber ?? order?.invoiceNumber ?? '';
      const amount = formatEuro((document?.amountCents ?? order?.amountCents ?? 0) / 100);
      return renderNoticeMail({
        ...base,
        subject: de
          ? `Rechnungskorrektur ${number} zur Rechnung ${corrected}`
          : `Invoice correction ${number} to invoice ${corrected}`,
        intro: de
          ? `wir haben Ihnen ${amount} für Ihren Tarif ${productName} erstattet. Die Rechnungskorrektur ${number} korrigiert die Rechnung ${corrected}; sie ist dieser E-Mail als PDF angehängt.`
          : `we have refunded ${amount} for your ${productName} plan. Invoice correction ${number} corrects invoice ${corrected}; it is attached to this e-mail as a PDF.`,
        rows: [
          [de ? 'Tarif' : 'Plan', productName],
          [de ? 'Bestellnummer' : 'Order number', order?.orderNumber ?? '-'],
          [de ? 'Korrigierte Rechnung' : 'Corrected invoice', corrected],
          [de ? 'Rechnungskorrektur' : 'Invoice correction', number],
          [de ? 'Erstatteter Betrag (inkl. MwSt.)' : 'Amount refunded (incl. VAT)', amount],
        ],
        action: document
          ? {
              label: de
                ? `Rechnungskorrektur ${number} herunterladen`
                : `Download invoice correction ${number}`,
              url: document.url,
            }
          : link.bills,
        outro: [
          ...(document
            ? [
                de
                  ? `Der Link zum Herunterladen gilt bis zum ${document.validUntil}.`
                  : `The download link works until ${document.validUntil}.`,
              ]
            : []),
          support,
        ],
      });
    }
    case 'payment-failed':
      return renderNoticeMail({
        ...base,
        subject: de ? `Zahlung fehlgeschlagen: ${productName}` : `Payment failed: ${productName}`,
        intro: de
          ? `leider konnte Ihre Zahlung für ${productName} nicht durchgeführt werden. Ihr Tarif wurde nicht geändert.`
          : `unfortunately your payment for ${productName} did not go through. Your plan has not changed.`,
        rows: orderRows(order, productName, de, false),
        action: { label: de ? 'Erneut versuchen' : 'Try again', url: link.plans.url },
        outro: [support],
      });
    case 'renewal-failed':
      return renderNoticeMail({
        ...base,
        subject: de ? `Verlängerung fehlgeschlagen: ${productName}` : `Renewal failed: ${productName}`,
        intro: de
          ? `die Verlängerung Ihres Tarifs ${productName} konnte nicht abgebucht werden. Ihr Tarif bleibt vorerst aktiv; wir versuchen es am ${date} erneut. Bitte prüfen Sie Ihre Zahlungsdaten.`
          : `we could not charge the renewal of your ${productName} plan. Your plan stays active for now; we will try again on ${date}. Please check your payment details.`,
        rows: orderRows(order, productName, de, false),
        action: link.payment,
        outro: [support],
      });
    case 'renewal-action-required':
      // Title says what it is: nothing was charged, the bank wants the customer to confirm.
      return renderNoticeMail({
        ...base,
        subject: de
          ? `Bitte bestätigen Sie Ihre Zahlung: ${productName}`
          : `Please confirm your payment: ${productName}`,
        intro: de
          ? `Ihre Bank verlangt für die Verlängerung Ihres Tarifs ${productName} eine Bestätigung (3-D Secure); es wurde noch nichts abgebucht. Ihr Tarif bleibt vorerst aktiv. Über den Knopf melden Sie sich an und bestätigen die Zahlung; der Link gilt bis zum ${date}.`
          : `your bank requires you to confirm the renewal of your ${productName} plan (3-D Secure); nothing has been charged yet. Your plan stays active for now. The button signs you in to confirm the payment; the link is valid until ${date}.`,
        rows: orderRows(order, productName, de, false),
        action: {
          label: de ? 'Zahlung bestätigen' : 'Confirm payment',
          url: context.actionUrl ?? link.plans.url,
        },
        outro: [support],
      });
    case 'termination-confirmed':
      return renderNoticeMail({
        ...base,
        subject: de ? `Kündigung bestätigt: ${productName}` : `Cancellation confirmed: ${productName}`,
        intro: de
          ? `Ihr Tarif ${productName} endet am ${date}. Bis dahin können Sie alles wie gewohnt nutzen, und Sie können die Kündigung bis dahin jederzeit widerrufen.`
          : `your ${productName} plan ends on ${date}. Until then everything works as before, and you can revoke the cancellation at any time.`,
        rows: context.receivedAt
          ? [
              [
                de ? 'Kündigung eingegangen am' : 'Cancellation received on',
                formatReceivedAt(context.receivedAt, language),
              ],
            ]
          : [],
        action: {
          label: de ? 'Kündigung widerrufen' : 'Revoke cancellation',
          url: `${origin}/my-account/cancel-subscription`,
        },
        outro: [support],
      });
    case 'termination-revoked':
      return renderNoticeMail({
        ...base,
        subject: de ? `Kündigung widerrufen: ${productName}` : `Cancellation revoked: ${productName}`,
        intro: de
          ? `schön, dass Sie bleiben! Ihre Kündigung ist widerrufen und Ihr Tarif ${productName} läuft weiter.`
          : `we are glad you are staying! Your cancellation is revoked and your ${productName} plan continues.`,
        action: link.plans,
        outro: [support],
      });
    case 'downgrade-scheduled':
      return renderNoticeMail({
        ...base,
        subject: de ? `Tarifwechsel zum ${date}: ${productName}` : `Plan change on ${date}: ${productName}`,
        intro: de
          ? `Ihr Wechsel zum Tarif ${productName} ist vorgemerkt und gilt ab dem ${date}. Bis dahin läuft Ihr aktueller Tarif weiter.`
          : `your change to the ${productName} plan is scheduled and takes effect on ${date}. Until then your current plan continues.`,
        action: link.plans,
        outro: [support],
      });
    case 'plan-ended':
    case 'plan-ended-unpaid':
    case 'plan-ended-refunded':
    case 'plan-withdrawn':
      return renderNoticeMail({
        ...base,
        subject: de ? 'Ihr Tarif ist beendet' : 'Your plan has ended',
        intro: planEndedIntro(context.kind, de),
        action: link.plans,
        outro: [
          de
            ? `Alle Ihre Daten bleiben lesbar. Buchen Sie bis zum ${date} wieder einen Tarif, geht nichts verloren; danach bleiben nur Ihre 5 neuesten Dokumente erhalten.`
            : `All your data stays readable. Choose a plan again by ${date} and nothing is lost; after that only your 5 newest documents are kept.`,
          support,
        ],
      });
    case 'documents-warning':
      return renderNoticeMail({
        ...base,
        subject: de
          ? `Ihre Dokumente werden am ${date} gelöscht`
          : `Your documents will be deleted on ${date}`,
        intro: de
          ? `am ${date} endet die Frist zur Reaktivierung Ihres Tarifs. Danach bleiben nur Ihre 5 neuesten Dokumente erhalten; alle älteren werden gelöscht.`
          : `on ${date} the window to reactivate your plan closes. After that only your 5 newest documents are kept; all older ones are deleted.`,
        action: link.plans,
        outro: [support],
      });
  }
}
