import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { SUBSCRIPTION_KEYS, type BrandConfig } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { withStatus } from '../../platform/errors.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { PaymentProvider } from '../../platform/payments/types.ts';
import type { SepaPrenotifications } from './lifecycle/sepa-prenotification.ts';
import type { MailDocument } from './billing/invoices.service.ts';

export interface SubscriptionServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** Null when no provider is configured (production without Stripe keys): buying answers 503. */
  provider: PaymentProvider | null;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** Deletes all but the newest `keep` documents of a user (documents module). */
  keepNewestDocuments: (userId: string, keep: number) => Promise<number>;
  /** Work of other modules when a paid plan ends, in its transaction (sharing ends the owner's shares). */
  onPlanEnded?: (trx: Transaction<Database>, userId: string) => Promise<void>;
  /** SEPA mandates and pre-notifications (sepa-prenotification.ts). */
  sepa: SepaPrenotifications;
  /** The invoice or correction PDF and its signed link, rendered when a mail that carries it is sent. */
  mailDocument: (orderId: string, document: 'invoice' | 'credit_note') => Promise<MailDocument>;
  /** The signed link that signs the owner in to pay a renewal on session (renewal-attention.ts). */
  renewalPaymentLink?: (origin: string, userId: string, orderId: string, periodEnd: string) => string;
}

export interface Buyer {
  id: string;
  email: string;
  name: string;
}

/** The payment provider, or 503 when none is configured (production without Stripe keys). */
export function requireProvider(provider: PaymentProvider | null): PaymentProvider {
  if (!provider) {
    throw withStatus(
      503,
      SUBSCRIPTION_KEYS.paymentsUnavailable,
      'Payments are not configured on this server (STRIPE_SECRET_KEY is not set)',
    );
  }
  return provider;
}
