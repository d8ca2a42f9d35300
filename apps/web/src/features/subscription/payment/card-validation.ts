import { getCountrySpecifications, isValidIBAN } from 'ibantools';

/**
 * The sandbox's own card and IBAN fields check what Stripe Elements checks, with Stripe's error
 * codes (account-area section 8, card provider codes). Codes outside the spec's table
 * (invalid_expiry_month, invalid_expiry_month_past, invalid_expiry_year, invalid_cvc, invalid_iban)
 * are Stripe's as well; the form shows them with their own text like any other provider code.
 */
export type CardField = 'number' | 'expiry' | 'cvc';

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** American Express: 15 digits and a 4-digit CVC; Diners Club: 14 digits; others 16. */
export function cardNumberLength(digits: string): number {
  if (/^3[47]/.test(digits)) return 15;
  if (/^3(0[0-5]|[689])/.test(digits)) return 14;
  return 16;
}

export function cvcLength(numberDigits: string): number {
  return /^3[47]/.test(numberDigits) ? 4 : 3;
}

/** Groups of four for reading ("4242 4242 4242 4242"), American Express as 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = digitsOnly(value).slice(0, 19);
  if (/^3[47]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** MM / YY as typed: a leading digit above 1 becomes 0X; the slash appears with the year. */
export function formatExpiry(value: string): string {
  let digits = digitsOnly(value).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function cardNumberError(value: string): string | null {
  const digits = digitsOnly(value);
  if (digits.length === 0) return 'incomplete_number';
  if (digits.length > 19) return 'invalid_number';
  if (digits.length < cardNumberLength(digits)) return 'incomplete_number';
  if (!luhnValid(digits)) return 'invalid_number';
  return null;
}

/** `now` is the local date of the check (cards expire at the end of their month). */
export function expiryError(value: string, now: Date = new Date()): string | null {
  const digits = digitsOnly(value);
  if (digits.length < 4) return 'incomplete_expiry';
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return 'invalid_expiry_month';
  const thisYear = now.getFullYear();
  if (year < thisYear) return 'invalid_expiry_year_past';
  if (year === thisYear && month < now.getMonth() + 1) return 'invalid_expiry_month_past';
  if (year > thisYear + 50) return 'invalid_expiry_year';
  return null;
}

export function cvcError(value: string, cardNumber: string): string | null {
  const digits = digitsOnly(value);
  if (digits.length < cvcLength(digitsOnly(cardNumber))) return 'incomplete_cvc';
  if (digits.length > 4) return 'invalid_cvc';
  return null;
}

export function cardErrors(
  values: Record<CardField, string>,
  now: Date = new Date(),
): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const number = cardNumberError(values.number);
  const expiry = expiryError(values.expiry, now);
  const cvc = cvcError(values.cvc, values.number);
  if (number) errors.number = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  return errors;
}

/** The IBAN without spaces, uppercase (what the provider receives). */
export function electronicIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/** Groups of four for reading. */
export function formatIban(value: string): string {
  return electronicIban(value)
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 34)
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * IBAN of a SEPA country with the length of its country and a valid checksum (ISO 13616
 * mod 97, ibantools).
 */
export function ibanError(value: string): string | null {
  const iban = electronicIban(value);
  if (iban.length === 0) return 'incomplete_iban';
  const start = iban.slice(0, 2);
  if (!/^[A-Z]+$/.test(start)) return 'invalid_iban_start';
  if (start.length < 2) return 'incomplete_iban';
  const spec = getCountrySpecifications()[iban.slice(0, 2)];
  if (!spec?.chars || !spec.SEPA) return 'invalid_iban_country_code';
  if (iban.length < spec.chars) return 'incomplete_iban';
  if (iban.length > spec.chars || !isValidIBAN(iban)) return 'invalid_iban';
  return null;
}
