import { formatEuro, SEPA_REFUND_WEEKS, type BrandConfig, type UiLanguage } from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../../platform/mail/templates.ts';

/** What a SEPA pre-notification announces (issue 33 item 13; spec account-area section 9). */
export interface SepaNoticeMailContext {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  name: string | null;
  kind: 'first' | 'renewal';
  productName: string;
  amountCents: number;
  /** dd.MM.yyyy: the day the amount is collected. */
  collectionDate: string;
  /** The mandate reference; empty when the provider named none (never the payment method id). */
  mandateReference: string;
}

/**
 * The pre-notification of one SEPA direct debit, per brand and language: amount, collection date,
 * mandate reference and the brand's creditor identifier, sent at least the configured number of
 * days before the debit is collected.
 */
export function renderSepaNoticeMail(context: SepaNoticeMailContext): RenderedMail {
  const { brand, language, origin, productName } = context;
  const de = language === 'de';
  const amount = formatEuro(context.amountCents / 100);
  const date = context.collectionDate;
  const reference = context.mandateReference || '–';
  const rows: Array<[string, string]> = [
    [de ? 'Tarif' : 'Plan', productName],
    [de ? 'Betrag (inkl. MwSt.)' : 'Amount (incl. VAT)', amount],
    [de ? 'Einzug am' : 'Collection date', date],
    [de ? 'Mandatsreferenz' : 'Mandate reference', reference],
    [de ? 'Gläubiger-Identifikationsnummer' : 'Creditor identifier', brand.seller.creditorId],
    [de ? 'Zahlungsempfänger' : 'Payee', brand.seller.legalName],
  ];
  const intro =
    context.kind === 'first'
      ? de
        ? `vielen Dank für Ihre Bestellung. Wir ziehen den Betrag von ${amount} für ${productName} am ${date} per SEPA-Lastschrift von Ihrem Konto ein. Ihr Tarif ist aktiv, sobald die Zahlung eingegangen ist.`
        : `thank you for your order. We will collect ${amount} for ${productName} by SEPA direct debit from your account on ${date}. Your plan is active once the payment has arrived.`
      : de
        ? `Ihr Tarif ${productName} verlängert sich. Wir ziehen den Betrag von ${amount} am ${date} per SEPA-Lastschrift von Ihrem Konto ein.`
        : `your ${productName} plan renews. We will collect ${amount} by SEPA direct debit from your account on ${date}.`;
  return renderNoticeMail({
    brand,
    language,
    origin,
    name: context.name,
    subject: de
      ? `Vorabankündigung Ihrer SEPA-Lastschrift über ${amount} am ${date}`
      : `Advance notice of your SEPA direct debit of ${amount} on ${date}`,
    intro,
    rows,
    action: {
      label: de ? 'Tarif ansehen' : 'View your plan',
      url: `${origin}/my-account/subscription`,
    },
    outro: [
      de
        ? `Bitte sorgen Sie für ausreichende Deckung Ihres Kontos. Sie können innerhalb von ${SEPA_REFUND_WEEKS} Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrags verlangen.`
        : `Please make sure your account has sufficient funds. You can ask your bank for a refund of the debited amount within ${SEPA_REFUND_WEEKS} weeks of the debit date.`,
      de
        ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}`
        : `Questions? Write to us: ${brand.supportEmail}`,
    ],
  });
}
