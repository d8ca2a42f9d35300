import { createHash } from 'node:crypto';
import type { CardProblem } from './errors.ts';

/**
 * Stripe's test cards and SEPA test IBANs, and how each behaves
 * (https://docs.stripe.com/testing). Any other card number that passes the Luhn check succeeds;
 * any other IBAN with a valid checksum settles successfully.
 */

export type CardKind =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  /** 3-D Secure on a payment in the browser; once set up, off-session charges pass. */
  | 'authentication_required'
  /** 3-D Secure on every charge: off-session charges decline with authentication_required. */
  | 'authentication_always'
  /** Attaches and can be saved, but every charge is declined. */
  | 'charges_declined';

export const TEST_CARDS: Record<string, CardKind> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000002500003155': 'authentication_required',
  '4000002760003184': 'authentication_always',
  '4000000000000341': 'charges_declined',
};

export type SepaSettlement = 'succeeds' | 'fails';

/** Stripe's SEPA test IBANs that fail once the debit settles; every other valid IBAN succeeds. */
export const FAILING_TEST_IBANS = new Set(['DE62370400440532013001', 'AT861904300235473202']);

/** What the sandbox remembers about a payment method (never the full number). */
export type InstrumentBehaviour = (
  { type: 'card'; card: CardKind } | { type: 'sepa_debit'; settlement: SepaSettlement }
) & {
  /** Set by the decline_future_charges test helper: a card that starts failing. */
  declineFutureCharges?: boolean;
  /** SEPA: the mandate given with the IBAN (every debit of this method is made under it). */
  mandateId?: string;
};

export const DECLINES = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  expired: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: {
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  authenticationRequired: {
    code: 'authentication_required',
    declineCode: 'authentication_required',
    message: 'Your card was declined. This transaction requires authentication.',
  },
  sepaInsufficientFunds: {
    code: 'insufficient_funds',
    message: "The customer's account has insufficient funds to cover this payment.",
  },
} satisfies Record<string, CardProblem>;

/** Where a charge happens: the customer in the browser, a renewal without them, or a setup (no charge). */
export type ChargeContext = 'on_session' | 'off_session' | 'setup';

export type Outcome =
  | { result: 'succeeds' }
  /** The customer must pass 3-D Secure first. */
  | { result: 'requires_action' }
  | { result: 'declined'; problem: CardProblem }
  /** SEPA: accepted now, settled (or failed) later. */
  | { result: 'processing' };

/**
 * What a charge (or setup) with this method does. Decided by the test number (and the
 * decline_future_charges helper) alone, so a saved method behaves the same however far the dev
 * clock is moved.
 */
export function chargeOutcome(behaviour: InstrumentBehaviour, context: ChargeContext): Outcome {
  if (behaviour.type === 'sepa_debit')
    return context === 'setup' ? { result: 'succeeds' } : { result: 'processing' };
  if (behaviour.declineFutureCharges && context !== 'setup')
    return { result: 'declined', problem: DECLINES.generic };
  switch (behaviour.card) {
    case 'succeeds':
      return { result: 'succeeds' };
    case 'declined':
      return { result: 'declined', problem: DECLINES.generic };
    case 'insufficient_funds':
      return { result: 'declined', problem: DECLINES.insufficientFunds };
    case 'expired_card':
      return { result: 'declined', problem: DECLINES.expired };
    case 'incorrect_cvc':
      return { result: 'declined', problem: DECLINES.incorrectCvc };
    case 'authentication_required':
      // The hosted setup page stands for Stripe's, which runs the challenge itself.
      return context === 'on_session' ? { result: 'requires_action' } : { result: 'succeeds' };
    case 'authentication_always':
      if (context === 'setup') return { result: 'succeeds' };
      return context === 'on_session'
        ? { result: 'requires_action' }
        : { result: 'declined', problem: DECLINES.authenticationRequired };
    case 'charges_declined':
      return context === 'setup' ? { result: 'succeeds' } : { result: 'declined', problem: DECLINES.generic };
  }
}

/** Whether a SEPA debit of this method settles successfully. */
export function sepaSettles(behaviour: InstrumentBehaviour): boolean {
  return (
    behaviour.type === 'sepa_debit' && behaviour.settlement === 'succeeds' && !behaviour.declineFutureCharges
  );
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  return 'unknown';
}

export interface CardInput {
  number?: string;
  expMonth?: string;
  expYear?: string;
  cvc?: string;
}

export interface ValidCard {
  number: string;
  expMonth: number;
  expYear: number;
  kind: CardKind;
}

/**
 * Checks card data as Stripe does before any charge: the number (Luhn), the expiry (not before
 * `today`) and the CVC. `paramPrefix` names the fields in errors, e.g. payment_method_data[card].
 */
export function validateCard(
  input: CardInput,
  today: Date,
  paramPrefix: string,
): { card: ValidCard } | { problem: CardProblem } {
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    return {
      problem: {
        code: 'invalid_number',
        message: 'Your card number is invalid.',
        param: `${paramPrefix}[number]`,
      },
    };
  }
  const expMonth = Number(input.expMonth);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return {
      problem: {
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: `${paramPrefix}[exp_month]`,
      },
    };
  }
  let expYear = Number(input.expYear);
  if (!Number.isInteger(expYear) || !input.expYear) {
    return {
      problem: {
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: `${paramPrefix}[exp_year]`,
      },
    };
  }
  if (expYear < 100) expYear += 2000;
  const thisYear = today.getUTCFullYear();
  if (expYear < thisYear || expYear > thisYear + 50) {
    return {
      problem: {
        code: 'invalid_expiry_year',
        message: "Your card's expiration year is invalid.",
        param: `${paramPrefix}[exp_year]`,
      },
    };
  }
  if (expYear === thisYear && expMonth < today.getUTCMonth() + 1) {
    return {
      problem: {
        code: 'invalid_expiry_month',
        message: "Your card's expiration month is invalid.",
        param: `${paramPrefix}[exp_month]`,
      },
    };
  }
  const cvc = (input.cvc ?? '').trim();
  if (!cvc) {
    return {
      problem: {
        code: 'incomplete_cvc',
        message: "Your card's security code is incomplete.",
        param: `${paramPrefix}[cvc]`,
      },
    };
  }
  if (!/^\d{3,4}$/.test(cvc)) {
    return {
      problem: {
        code: 'invalid_cvc',
        message: "Your card's security code is invalid.",
        param: `${paramPrefix}[cvc]`,
      },
    };
  }
  return { card: { number, expMonth, expYear, kind: TEST_CARDS[number] ?? 'succeeds' } };
}

/** Spaces removed, upper case. */
export const normalizeIban = (iban: string): string => iban.replace(/\s+/g, '').toUpperCase();

/** ISO 13616: country, check digits, then the account; valid when the mod-97 remainder is 1. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** How many characters after the check digits are the bank code (the rest is the account). */
const BANK_CODE_LENGTH: Record<string, number> = { DE: 8, AT: 5, FR: 5, ES: 4, NL: 4, BE: 3 };

export function ibanDetails(iban: string): { country: string; bankCode: string; last4: string } {
  const country = iban.slice(0, 2);
  return {
    country,
    bankCode: iban.slice(4, 4 + (BANK_CODE_LENGTH[country] ?? 4)),
    last4: iban.slice(-4),
  };
}

/** Stripe's fingerprint: the same card or account gives the same value, and it reveals nothing. */
export const fingerprint = (value: string): string =>
  createHash('sha256').update(`sandbox fingerprint ${value}`).digest('base64url').slice(0, 16);
