import { stripeAddress } from './customer.ts';
import type { SandboxPaymentMethod, StripeAddress, Timestamp } from './types.ts';

export interface BillingDetailsInput {
  name: string | null;
  email: string | null;
  address?: Partial<StripeAddress>;
}

export function paymentMethodObject(
  input: { id: string; created: Timestamp; billing: BillingDetailsInput } & (
    | {
        type: 'card';
        card: { brand: string; expMonth: number; expYear: number; last4: string; fingerprint: string };
      }
    | {
        type: 'sepa_debit';
        sepa: { bankCode: string; country: string; last4: string; fingerprint: string };
      }
  ),
): SandboxPaymentMethod {
  const details =
    input.type === 'card'
      ? {
          card: {
            brand: input.card.brand,
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
            country: 'US',
            display_brand: input.card.brand,
            exp_month: input.card.expMonth,
            exp_year: input.card.expYear,
            fingerprint: input.card.fingerprint,
            funding: 'credit',
            generated_from: null,
            last4: input.card.last4,
            networks: { available: [input.card.brand], preferred: null },
            three_d_secure_usage: { supported: true },
            wallet: null,
            regulated_status: null,
          },
        }
      : {
          sepa_debit: {
            bank_code: input.sepa.bankCode,
            branch_code: '',
            country: input.sepa.country,
            fingerprint: input.sepa.fingerprint,
            generated_from: { charge: null, setup_attempt: null },
            last4: input.sepa.last4,
          },
        };
  return {
    allow_redisplay: 'unspecified',
    billing_details: {
      address: stripeAddress(input.billing.address),
      email: input.billing.email,
      name: input.billing.name,
      phone: null,
      tax_id: null,
    },
    ...details,
    created: input.created,
    customer: null,
    id: input.id,
    livemode: false,
    metadata: {},
    object: 'payment_method',
    type: input.type,
    customer_account: null,
  };
}
