import { randomBytes } from 'node:crypto';
import type { Timestamp } from './objects/types.ts';

/**
 * Stripe's mandate object (GET /v1/mandates/{id}, reference/stripe-fixtures3.json): the SEPA
 * direct-debit mandate a customer gave by entering their IBAN. Its
 * payment_method_details.sepa_debit.reference is the mandate reference (Mandatsreferenz) that
 * pre-notifications and invoices print; the sandbox makes one per mandate.
 */
export interface SandboxMandate {
  id: string;
  object: 'mandate';
  customer_acceptance: {
    accepted_at: Timestamp;
    online: { ip_address: string | null; user_agent: string | null };
    type: 'online';
  };
  livemode: false;
  multi_use: Record<string, never>;
  payment_method: string;
  payment_method_details: { sepa_debit: { reference: string; url: string }; type: 'sepa_debit' };
  status: 'active' | 'inactive' | 'pending';
  type: 'multi_use';
  [field: string]: unknown;
}

/** Letters and digits a SEPA mandate reference may use, without 0/O and 1/I (read aloud, typed). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new mandate reference like Stripe's (16 upper-case letters and digits; SEPA allows up to 35).
 * 80 random bits: two mandates never share one in practice, and the reference says nothing about
 * the customer or the payment method.
 */
export function newMandateReference(): string {
  return [...randomBytes(16)].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
}

export function mandateObject(input: {
  id: string;
  acceptedAt: Timestamp;
  paymentMethod: string;
  reference: string;
}): SandboxMandate {
  return {
    customer_acceptance: {
      accepted_at: input.acceptedAt,
      online: { ip_address: null, user_agent: null },
      type: 'online',
    },
    id: input.id,
    livemode: false,
    multi_use: {},
    object: 'mandate',
    payment_method: input.paymentMethod,
    payment_method_details: { sepa_debit: { reference: input.reference, url: '' }, type: 'sepa_debit' },
    status: 'active',
    type: 'multi_use',
  };
}
