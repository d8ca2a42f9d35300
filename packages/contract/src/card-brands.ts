/** Card brands as people write them, by the provider's brand code (invoices and the web alike). */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
};

/** The card brand as people write it (visa: Visa); unknown ones capitalised. */
export function cardBrandName(brand: string | null): string | null {
  if (!brand) return null;
  return CARD_BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
