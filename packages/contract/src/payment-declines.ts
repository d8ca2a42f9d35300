import type { UiLanguage } from './constants.ts';

/**
 * Why the provider refused a payment, in the customer's language (issue 33 item 18). The one
 * mapping from Stripe's `decline_code` / `code` to texts: the web shows them on the payment and
 * result screens, the server in its mails ("Grund: ..."). The provider's own English message is
 * never shown; a code not listed here gets the generic text.
 */
export const DECLINE_TEXTS = {
  generic: {
    de: 'Ihre Bank hat die Zahlung abgelehnt. Bitte verwenden Sie eine andere Karte oder Zahlungsart.',
    en: 'Your bank declined the payment. Please use another card or payment method.',
  },
  insufficient_funds: {
    de: 'Die Deckung Ihres Kontos reicht für diese Zahlung nicht aus.',
    en: 'Your account has insufficient funds for this payment.',
  },
  expired_card: {
    de: 'Ihre Karte ist abgelaufen.',
    en: 'Your card has expired.',
  },
  incorrect_cvc: {
    de: 'Die Prüfnummer (CVC) Ihrer Karte ist falsch.',
    en: "Your card's security code (CVC) is incorrect.",
  },
  processing_error: {
    de: 'Bei der Verarbeitung Ihrer Karte ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    en: 'An error occurred while processing your card. Please try again.',
  },
  lost_or_stolen: {
    // Stripe asks not to tell the customer that the card was reported lost or stolen.
    de: 'Ihre Bank hat die Zahlung abgelehnt. Bitte wenden Sie sich an Ihre Bank oder verwenden Sie eine andere Karte.',
    en: 'Your bank declined the payment. Please contact your bank or use another card.',
  },
  authentication_required: {
    de: 'Ihre Bank verlangt für diese Zahlung eine Bestätigung (3-D Secure).',
    en: 'Your bank requires you to confirm this payment (3-D Secure).',
  },
  authentication_failed: {
    de: 'Die Bestätigung der Zahlung bei Ihrer Bank (3-D Secure) ist fehlgeschlagen.',
    en: 'Confirming the payment with your bank (3-D Secure) failed.',
  },
  sepa_insufficient_funds: {
    de: 'Die Lastschrift wurde mangels Deckung nicht eingelöst.',
    en: 'The direct debit was returned for insufficient funds.',
  },
  sepa_failed: {
    de: 'Die Lastschrift konnte nicht eingezogen werden.',
    en: 'The direct debit could not be collected.',
  },
} as const satisfies Record<string, Record<UiLanguage, string>>;

export type DeclineReason = keyof typeof DECLINE_TEXTS;

/** Stripe's codes (decline_code first, then code) and the reason each stands for. */
const REASON_OF_CODE: Record<string, DeclineReason> = {
  generic_decline: 'generic',
  card_declined: 'generic',
  do_not_honor: 'generic',
  call_issuer: 'generic',
  card_not_supported: 'generic',
  transaction_not_allowed: 'generic',
  insufficient_funds: 'insufficient_funds',
  card_velocity_exceeded: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  processing_error: 'processing_error',
  lost_card: 'lost_or_stolen',
  stolen_card: 'lost_or_stolen',
  pickup_card: 'lost_or_stolen',
  authentication_required: 'authentication_required',
  payment_intent_authentication_failure: 'authentication_failed',
  debit_not_authorized: 'sepa_failed',
  account_closed: 'sepa_failed',
  bank_account_restricted: 'sepa_failed',
  no_account: 'sepa_failed',
};

/** The reason of a refusal from its codes (or a reason itself); unknown codes are the generic refusal. */
export function declineReasonOf(
  code: string | null | undefined,
  declineCode?: string | null,
  method?: 'card' | 'sepa_debit' | null,
): DeclineReason {
  const reason =
    (declineCode ? REASON_OF_CODE[declineCode] : undefined) ??
    (code ? REASON_OF_CODE[code] : undefined) ??
    // A reason the server already answered (renewal_problem.reason, failure_reason).
    (code && Object.hasOwn(DECLINE_TEXTS, code) ? (code as DeclineReason) : undefined);
  if (method === 'sepa_debit') {
    return reason === 'insufficient_funds' || code === 'insufficient_funds'
      ? 'sepa_insufficient_funds'
      : (reason ?? 'sepa_failed');
  }
  return reason ?? 'generic';
}

/** The text of a refusal in a language. */
export function declineText(
  language: UiLanguage,
  code: string | null | undefined,
  declineCode?: string | null,
  method?: 'card' | 'sepa_debit' | null,
): string {
  return DECLINE_TEXTS[declineReasonOf(code, declineCode, method)][language];
}
