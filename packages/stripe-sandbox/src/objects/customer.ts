import { randomToken } from '../ids.ts';
import type { Metadata, SandboxCustomer, StripeAddress, Timestamp } from './types.ts';

export function stripeAddress(input: Partial<StripeAddress> | undefined): StripeAddress {
  return {
    city: input?.city || null,
    country: input?.country || null,
    line1: input?.line1 || null,
    line2: input?.line2 || null,
    postal_code: input?.postal_code || null,
    state: input?.state || null,
  };
}

export function customerObject(input: {
  id: string;
  created: Timestamp;
  email: string | null;
  name: string | null;
  address: StripeAddress | null;
  metadata: Metadata;
}): SandboxCustomer {
  return {
    address: input.address,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    discount: null,
    email: input.email,
    id: input.id,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    object: 'customer',
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}
