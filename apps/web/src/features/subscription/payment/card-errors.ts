import type { TFunction } from '@/lib/translator';
import { CARD_ERROR_KEYS, declineText, type UiLanguage } from '@pet/contract';
import type { FieldError } from './types';

/**
 * Account-area section 8, card provider codes: a code of the table shows its catalogue text
 * (CARD_ERROR_KEYS, the one mapping); any other code shows the provider's own message. The
 * sandbox's own fields play Stripe Elements' part, so their codes outside the table come with
 * Stripe's texts in the UI language (subscription.providerMessages).
 */
export function cardErrorText(t: TFunction, error: FieldError): string {
  const key = CARD_ERROR_KEYS[error.code];
  if (key) return t(key);
  if (error.message) return error.message;
  const own = t(`subscription.providerMessages.${error.code}`, { defaultValue: '' });
  return own || t('subscription.providerMessages.generic');
}

/**
 * A payment the provider refused when confirming: the field checks' codes as above, a decline
 * in the UI language from the contract's one mapping (DECLINE_TEXTS), never the provider's
 * English message.
 */
export function paymentFailureText(
  t: TFunction,
  language: UiLanguage,
  failure: { code: string | null; declineCode: string | null; method?: 'card' | 'sepa_debit' },
): string {
  const fieldKey = failure.code ? CARD_ERROR_KEYS[failure.code] : undefined;
  if (fieldKey) return t(fieldKey);
  const own = failure.code ? t(`subscription.providerMessages.${failure.code}`, { defaultValue: '' }) : '';
  if (own && !failure.declineCode) return own;
  return declineText(language, failure.code, failure.declineCode, failure.method);
}
