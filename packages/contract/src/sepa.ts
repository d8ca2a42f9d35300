/**
 * SEPA creditor identifier (Gläubiger-Identifikationsnummer): country code, two check digits,
 * a three-character business code that the check ignores, and the national identifier, e.g.
 * DE98ZZZ09999999999. The check digits are computed as an IBAN's (ISO 7064 mod 97-10) over the
 * national identifier followed by the country code and "00".
 */
export function creditorIdValid(value: string): boolean {
  const match = /^([A-Z]{2})(\d{2})[A-Z0-9]{3}([A-Z0-9]{1,28})$/.exec(value);
  if (!match) return false;
  const [, country, check, national] = match;
  const digits = [...`${national}${country}00`].map((c) => parseInt(c, 36).toString()).join('');
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return 98 - rest === Number(check);
}
