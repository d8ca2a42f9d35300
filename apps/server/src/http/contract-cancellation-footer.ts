/**
 * The footer of the server-rendered public pages (/notfall, the handover and found pages): the
 * "Verträge hier kündigen" link of § 312k BGB, as in the app's footer (LegalFooter), to its page.
 */
const LABEL = { de: 'Verträge hier kündigen', en: 'Cancel contracts here' } as const;

export const CONTRACT_CANCELLATION_PAGE_PATH = '/contract-cancellation';

export const CONTRACT_CANCELLATION_FOOTER_CSS =
  'footer.legal{text-align:center;padding:16px;font-size:14px}footer.legal a{color:inherit;opacity:.8}';

export function contractCancellationFooter(lang: 'de' | 'en'): string {
  return `<footer class="legal"><a href="${CONTRACT_CANCELLATION_PAGE_PATH}">${LABEL[lang]}</a></footer>`;
}
