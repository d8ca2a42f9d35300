import type { PaymentMethodResponse, UserInfo } from '@pet/contract';

/**
 * Facts of the payment-update pages (account-area section 2, Update payment details), pure for the
 * pages and the tests.
 */

export const UPDATE_PAYMENT_PATH = '/my-account/update-payment-details';

/**
 * A renewal is overdue: the paid term has ended but the plan is still the paid one. The server
 * keeps the plan through the grace period while it retries the charge (after 1, 3 and 5 days)
 * and asks for a new payment method; a termination ends the plan at the term's end instead.
 */
export function isRenewalOverdue(
  user: Pick<UserInfo, 'product' | 'stripe_price_id' | 'stripe_subscription_end'>,
  now: number = Date.now(),
): boolean {
  if (!user.product || user.product.is_default || !user.stripe_price_id) return false;
  return user.stripe_subscription_end !== null && user.stripe_subscription_end * 1000 < now;
}

/** Nothing was bought yet: there is no customer at the card provider to save a method for. */
export function hasNothingToUpdate(user: Pick<UserInfo, 'stripe_customer_id'>): boolean {
  return !user.stripe_customer_id;
}

/** MM/YYYY of a card's expiry, or null. */
export function expiryText(method: Pick<PaymentMethodResponse, 'exp_month' | 'exp_year'>): string | null {
  if (!method.exp_month || !method.exp_year) return null;
  return `${String(method.exp_month).padStart(2, '0')}/${method.exp_year}`;
}

/** What identifies a saved method on screen; the success page waits for it to change. */
export function methodFingerprint(method: PaymentMethodResponse | undefined): string {
  if (!method?.type) return 'none';
  return [
    method.type,
    method.brand ?? '',
    method.last4 ?? '',
    method.exp_month ?? '',
    method.exp_year ?? '',
  ].join(':');
}

/** The method shown before the hosted checkout, kept for the success page (this tab only). */
const BEFORE_KEY = 'pet.paymentMethodBefore';

export function rememberMethodBefore(method: PaymentMethodResponse | undefined): void {
  try {
    sessionStorage.setItem(BEFORE_KEY, methodFingerprint(method));
  } catch {
    // Without storage the success page shows the first answer it gets.
  }
}

/** The remembered method (the success page reads it once, then forgets it). */
export function readMethodBefore(): string | null {
  try {
    return sessionStorage.getItem(BEFORE_KEY);
  } catch {
    return null;
  }
}

export function forgetMethodBefore(): void {
  try {
    sessionStorage.removeItem(BEFORE_KEY);
  } catch {
    // Nothing to forget without storage.
  }
}
