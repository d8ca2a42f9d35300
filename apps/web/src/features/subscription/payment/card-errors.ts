import type { TFunction } from '@/lib/translator';
import { CARD_ERROR_KEYS } from '@pet/contract';
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
