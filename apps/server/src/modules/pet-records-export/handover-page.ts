import { sellerDate, type BrandConfig } from '@pet/contract';
import { escapeHtml, renderPublicPageShell } from '../../http/public-page-shell.ts';
import type { HandoverPageModel } from './pet-records-export.service.ts';

/** The public page of a vet handover share link: /handover/{token}; its PDF: /handover/{token}.pdf. */
export const HANDOVER_PAGE_PREFIX = '/handover';
export const HANDOVER_PDF_SUFFIX = '.pdf';

const TEXTS = {
  en: {
    title: (pet: string) => `Vet handover for ${pet}`,
    intro: (count: number) =>
      count === 0
        ? 'The owner shares a summary with you: one PDF page with the pet, the owner, current medications, allergies and the vet.'
        : `The owner shares ${count === 1 ? 'one document' : `${count} documents`} with you: one PDF with a summary page (pet, owner, current medications, allergies, vet) followed by the documents.`,
    download: 'Download PDF',
    expires: (date: string) => `This link works until ${date}.`,
    privacy: 'Please keep this link to yourself: anyone who has it can download the file.',
    notFoundTitle: 'Link not found',
    notFound: 'This share link does not exist, has expired or was revoked by the owner.',
    tooMany: 'Too many requests from here. Please try again later.',
    switchLanguage: 'Deutsch',
  },
  de: {
    title: (pet: string) => `Übergabe für ${pet}`,
    intro: (count: number) =>
      count === 0
        ? 'Der Halter teilt eine Übersicht mit Ihnen: eine PDF-Seite mit Tier, Halter, aktuellen Medikamenten, Allergien und Tierarzt.'
        : `Der Halter teilt ${count === 1 ? 'ein Dokument' : `${count} Dokumente`} mit Ihnen: ein PDF mit einer Übersichtsseite (Tier, Halter, aktuelle Medikamente, Allergien, Tierarzt), gefolgt von den Dokumenten.`,
    download: 'PDF herunterladen',
    expires: (date: string) => `Dieser Link gilt bis zum ${date}.`,
    privacy: 'Bitte geben Sie diesen Link nicht weiter: Jeder, der ihn hat, kann die Datei laden.',
    notFoundTitle: 'Link nicht gefunden',
    notFound: 'Diesen Freigabe-Link gibt es nicht, er ist abgelaufen oder wurde vom Halter widerrufen.',
    tooMany: 'Zu viele Anfragen von hier. Bitte versuchen Sie es später erneut.',
    switchLanguage: 'English',
  },
} as const;

export function renderHandoverPage(model: HandoverPageModel, lang: 'en' | 'de'): string {
  const text = TEXTS[lang];
  const other = lang === 'de' ? 'en' : 'de';
  const base = `${HANDOVER_PAGE_PREFIX}/${model.token}`;
  return renderPublicPageShell({
    brand: model.brand,
    lang,
    title: text.title(model.petName),
    switchLanguage: { href: `${base}?lang=${other}`, label: text.switchLanguage, lang: other },
    body: `<h1>${escapeHtml(text.title(model.petName))}</h1><p class="sub">${escapeHtml(text.intro(model.documentCount))}</p><p><a class="button" href="${escapeHtml(`${base}${HANDOVER_PDF_SUFFIX}`)}" download>${escapeHtml(text.download)}</a></p><p class="muted">${escapeHtml(text.expires(sellerDate(model.expiresAt)))}</p><p class="muted">${escapeHtml(text.privacy)}</p>`,
  });
}

/** Unknown, expired and revoked links look alike (nothing tells a guesser whether one existed). */
export function renderHandoverMessagePage(
  brand: BrandConfig,
  lang: 'en' | 'de',
  kind: 'notFound' | 'tooMany',
): string {
  const text = TEXTS[lang];
  const other = lang === 'de' ? 'en' : 'de';
  return renderPublicPageShell({
    brand,
    lang,
    title: text.notFoundTitle,
    switchLanguage: { href: `?lang=${other}`, label: text.switchLanguage, lang: other },
    body: `<h1>${escapeHtml(kind === 'notFound' ? text.notFoundTitle : text.tooMany)}</h1><div class="alert error" role="alert">${escapeHtml(kind === 'notFound' ? text.notFound : text.tooMany)}</div>`,
  });
}
