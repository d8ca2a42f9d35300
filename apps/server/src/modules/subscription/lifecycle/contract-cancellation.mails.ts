import {
  formatEuro,
  type BrandConfig,
  type ContractCancellationBody,
  type ContractCancellationKind,
  type UiLanguage,
} from '@pet/contract';
import { renderNoticeMail, type RenderedMail } from '../../../platform/mail/templates.ts';
import { formatReceivedAt } from '../received-at.ts';
import { formatDate } from '../subscription.mails.ts';

export type CancellationOutcome =
  | { kind: 'cancelled'; endDate: Date; language: UiLanguage }
  | { kind: 'withdrawn'; refundCents: number; creditNote: string; language: UiLanguage }
  | { kind: 'no-contract' };

const KIND_TEXTS: Record<ContractCancellationKind, { de: string; en: string }> = {
  ordinary: { de: 'ordentlich', en: 'ordinary' },
  extraordinary: { de: 'außerordentlich', en: 'extraordinary' },
  withdrawal: { de: 'Widerruf', en: 'withdrawal' },
};

export interface CancellationReceiptContext {
  brand: BrandConfig;
  language: UiLanguage;
  origin: string;
  declaration: ContractCancellationBody;
  receivedAt: string;
  outcome: CancellationOutcome;
}

/**
 * The receipt of a cancellation sent with the public form (§ 312k Abs. 4 BGB): its content, date
 * and time of receipt, and when the contract ends (or that no contract was found at this address).
 */
export function renderCancellationReceipt(context: CancellationReceiptContext): RenderedMail {
  const { brand, language, origin, declaration, outcome } = context;
  const de = language === 'de';
  const received = formatReceivedAt(context.receivedAt, language);
  const extraordinary = declaration.kind === 'extraordinary';
  const wanted = declaration.wanted_date
    ? formatDate(`${declaration.wanted_date}T00:00:00Z`)
    : de
      ? 'zum nächstmöglichen Zeitpunkt'
      : 'as early as possible';
  const rows: Array<[string, string]> = [
    [de ? 'Eingegangen am' : 'Received on', received],
    [de ? 'Name' : 'Name', declaration.name],
    [de ? 'E-Mail-Adresse' : 'E-mail address', declaration.email],
    [de ? 'Vertrag' : 'Contract', declaration.contract],
    [de ? 'Art der Kündigung' : 'Kind of cancellation', KIND_TEXTS[declaration.kind][de ? 'de' : 'en']],
    [de ? 'Gewünschtes Ende' : 'Wanted end', wanted],
  ];
  if (extraordinary && declaration.reason) rows.push([de ? 'Grund' : 'Reason', declaration.reason]);
  let intro: string;
  if (outcome.kind === 'withdrawn') {
    const refund = formatEuro(outcome.refundCents / 100);
    rows.push([de ? 'Erstattung' : 'Refund', refund]);
    rows.push([de ? 'Rechnungskorrektur' : 'Invoice correction', outcome.creditNote]);
    intro = de
      ? `Ihr Widerruf ist am ${received} bei uns eingegangen. Ihr Tarif ist beendet; ${refund} erstatten wir auf Ihr Zahlungsmittel, die Rechnungskorrektur finden Sie in Ihrem Konto.`
      : `we received your withdrawal on ${received}. Your plan has ended; we refund ${refund} to your payment method, and you find the invoice correction in your account.`;
  } else if (outcome.kind === 'cancelled') {
    const end = formatDate(outcome.endDate);
    rows.push([de ? 'Vertragsende' : 'Contract ends on', end]);
    intro = de
      ? `Ihre Kündigung ist am ${received} bei uns eingegangen. Ihr Vertrag endet am ${end}, dem Ende der bezahlten Laufzeit; bis dahin können Sie alles wie gewohnt nutzen.`
      : `we received your cancellation on ${received}. Your contract ends on ${end}, the end of the paid term; until then everything works as before.`;
    if (extraordinary) {
      intro += de
        ? ' Ihre außerordentliche Kündigung und ihren Grund prüfen wir und melden uns bei Ihnen; vorsorglich ist Ihr Vertrag ordentlich zum genannten Datum gekündigt.'
        : ' We are reviewing your extraordinary cancellation and its reason and will get back to you; as a precaution your contract is cancelled in the ordinary way on that date.';
    }
  } else if (declaration.kind === 'withdrawal') {
    intro = de
      ? `Ihr Widerruf ist am ${received} bei uns eingegangen. Unter dieser E-Mail-Adresse haben wir bei ${brand.name} keinen Kauf innerhalb der 14-tägigen Widerrufsfrist gefunden; es wurde nichts geändert. Haben Sie mit einer anderen E-Mail-Adresse gekauft, widerrufen Sie bitte mit dieser Adresse oder schreiben Sie uns.`
      : `we received your withdrawal on ${received}. We found no purchase with ${brand.name} within its 14-day withdrawal period under this e-mail address; nothing was changed. If you bought under another e-mail address, please withdraw with that address or write to us.`;
  } else {
    intro = de
      ? `Ihre Kündigung ist am ${received} bei uns eingegangen. Unter dieser E-Mail-Adresse haben wir bei ${brand.name} keinen laufenden kostenpflichtigen Vertrag gefunden; es wurde nichts geändert. Haben Sie Ihren Vertrag mit einer anderen E-Mail-Adresse abgeschlossen, kündigen Sie bitte mit dieser Adresse oder schreiben Sie uns.`
      : `we received your cancellation on ${received}. We found no running paid contract with ${brand.name} under this e-mail address; nothing was changed. If your contract is under another e-mail address, please cancel with that address or write to us.`;
  }
  return renderNoticeMail({
    brand,
    language,
    origin,
    name: declaration.name,
    subject:
      declaration.kind === 'withdrawal'
        ? de
          ? `Eingangsbestätigung Ihres Widerrufs – ${brand.name}`
          : `Your withdrawal was received – ${brand.name}`
        : de
          ? `Eingangsbestätigung Ihrer Kündigung – ${brand.name}`
          : `Your cancellation was received – ${brand.name}`,
    intro,
    rows,
    action: { label: de ? 'Zum Konto' : 'Go to your account', url: `${origin}/my-account/subscription` },
    outro: [
      de
        ? `Fragen? Schreiben Sie uns: ${brand.supportEmail}`
        : `Questions? Write to us: ${brand.supportEmail}`,
    ],
  });
}
