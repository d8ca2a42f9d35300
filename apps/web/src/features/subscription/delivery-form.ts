import type { z } from 'zod';
import { paymentRequestBodySchema, type UserInfo } from '@pet/contract';
import { COUNTRY_CODES, countryOptions } from '@/lib/countries';
import type { BillingDetails } from './payment/types';

/**
 * The payment step's delivery address (account-area sections 2, 3, 5): the payment request's
 * fields, prefilled from the user info. Plain strings; the e-mail is only format-checked. The
 * country is an ISO code (the card provider's billing address needs one).
 */
export const deliveryFormSchema = paymentRequestBodySchema.pick({
  name: true,
  email: true,
  address: true,
  street: true,
  zipcode: true,
  city: true,
  country: true,
  phone: true,
});
export type DeliveryForm = z.infer<typeof deliveryFormSchema>;

/** The stored country (a code, or a name in English or German from older data) as a code. */
export function countryCodeOf(stored: string | null | undefined): string {
  const value = stored?.trim() ?? '';
  if (!value) return '';
  const upper = value.toUpperCase();
  if (COUNTRY_CODES.includes(upper)) return upper;
  const lower = value.toLowerCase();
  for (const language of ['de', 'en']) {
    const match = countryOptions(language).find((option) => option.name.toLowerCase() === lower);
    if (match) return match.code;
  }
  return '';
}

/** address_1 is "street and house number", address_2 the additional line (account AddressForm). */
export function deliveryDefaults(user: UserInfo): DeliveryForm {
  return {
    name: user.name,
    email: user.email,
    address: user.address_1 ?? '',
    street: user.address_2 ?? '',
    zipcode: user.zipcode ?? '',
    city: user.city ?? '',
    country: countryCodeOf(user.country),
    phone: user.phone ?? '',
  };
}

export function billingDetailsOf(form: DeliveryForm): BillingDetails {
  const line1 = [form.address, form.street]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    address: {
      line1,
      city: form.city.trim(),
      postal_code: form.zipcode.trim(),
      country: form.country.trim(),
    },
  };
}
