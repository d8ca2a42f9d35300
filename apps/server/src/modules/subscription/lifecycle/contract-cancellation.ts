import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  brandIdSchema,
  contractCancellationBodySchema,
  UI_LANGUAGES,
  userLanguageToUi,
  type BrandConfig,
  type ContractCancellationBody,
  type ContractCancellationResponse,
  type UiLanguage,
  type WithdrawalResponse,
} from '@pet/contract';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { defineJob, type JobQueue } from '../../../platform/jobs/jobs.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import { AppError } from '../../../platform/errors.ts';
import { RATE_LIMITS, type RateLimiter } from '../../../platform/rate-limit.ts';
import { renderCancellationReceipt, type CancellationOutcome } from './contract-cancellation.mails.ts';
import type { SubscriptionService } from '../subscription.service.ts';
import { findAccountByEmail } from '../subscription.repo.ts';

/** Handles one declaration of the public form after its answer (durable, retried). */
export const CONTRACT_CANCELLATION_JOB = 'subscription.contract-cancellation';

const declarationPayload = z.intersection(
  contractCancellationBodySchema,
  z.object({ brandId: brandIdSchema, language: z.enum(UI_LANGUAGES), receivedAt: z.string() }),
);
type DeclarationPayload = z.infer<typeof declarationPayload>;
/** The job's typed kind: the declaration is parsed again when the job runs. */
export const CONTRACT_CANCELLATION = defineJob(CONTRACT_CANCELLATION_JOB, declarationPayload);

export interface ContractCancellationDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  subscription: SubscriptionService;
  /** Withdraws from a purchase within its 14 days (WithdrawalService.withdraw). */
  withdraw: (userId: string) => Promise<WithdrawalResponse>;
  brandOf: (id: BrandConfig['id']) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
}

/**
 * The public cancellation of § 312k BGB ("Verträge hier kündigen"). The request only records the
 * declaration as a durable job and answers when it was received: the same answer in the same
 * time whether an account matches or not (no account enumeration). The job cancels a matching
 * account's paid plan exactly as the account area does (SubscriptionService.cancel) and mails
 * the receipt to the address given. Only the owner of that address reads the mail, so it may
 * say whether a contract was found there (a customer who used another address learns it at once,
 * as § 312k Abs. 4 wants); a page answer that differed would tell anyone.
 */
export class ContractCancellationService {
  constructor(private readonly deps: ContractCancellationDeps) {}

  async declare(
    body: ContractCancellationBody,
    brand: BrandConfig,
    language: UiLanguage,
    ip: string,
  ): Promise<ContractCancellationResponse> {
    const email = body.email.toLowerCase();
    await this.deps.limiter.enforce(
      [`contract-cancel:ip:${ip}`, RATE_LIMITS.contractCancelPerIp],
      [`contract-cancel:email:${email}`, RATE_LIMITS.contractCancelPerEmail],
    );
    const receivedAt = this.deps.clock.now().toISOString();
    const payload: DeclarationPayload = { ...body, email, brandId: brand.id, language, receivedAt };
    await this.deps.jobs.schedule(CONTRACT_CANCELLATION_JOB, payload, {
      dedupeKey: `contract-cancellation:${brand.id}:${email}:${receivedAt}`,
    });
    return { received_at: receivedAt };
  }

  /** The job: cancel what matches, then the receipt mail (both idempotent on a rerun). */
  async handle(declaration: DeclarationPayload): Promise<void> {
    const brand = this.deps.brandOf(declaration.brandId);
    const outcome = await this.cancelMatching(declaration, brand);
    const account = outcome.kind === 'no-contract' ? null : outcome;
    const rendered = renderCancellationReceipt({
      brand,
      language: account?.language ?? declaration.language,
      origin: this.deps.originForBrand(brand),
      declaration,
      receivedAt: declaration.receivedAt,
      outcome,
    });
    await this.deps.mailer.send({
      to: declaration.email,
      ...rendered,
      kind: 'contract-cancellation-receipt',
      partnerId: brand.partnerId,
    });
  }

  private async cancelMatching(
    declaration: DeclarationPayload,
    brand: BrandConfig,
  ): Promise<CancellationOutcome> {
    const user = await findAccountByEmail(this.deps.db, brand.partnerId, declaration.email);
    if (!user || user.deletion_requested_at) return { kind: 'no-contract' };
    const language = userLanguageToUi(user.language);
    if (declaration.kind === 'withdrawal') {
      try {
        const { refund, credit_note_number } = await this.deps.withdraw(user.id);
        return {
          kind: 'withdrawn',
          refundCents: Math.round(refund * 100),
          creditNote: credit_note_number,
          language,
        };
      } catch (err) {
        // Nothing within its 14 days: said in the mail, nothing changes.
        if (err instanceof AppError && err.statusCode === 400) return { kind: 'no-contract' };
        throw err;
      }
    }
    try {
      // A rerun of the job cancels again: the same state, no second mail (mail: false).
      const { current_phase } = await this.deps.subscription.cancel(user.id, brand, { mail: false });
      return {
        kind: 'cancelled',
        endDate: new Date(current_phase.end_date * 1000),
        language: userLanguageToUi(user.language),
      };
    } catch (err) {
      // The free plan, or a plan without an end: nothing to cancel (400 from the service).
      if (err instanceof AppError && err.statusCode === 400) return { kind: 'no-contract' };
      throw err;
    }
  }
}
