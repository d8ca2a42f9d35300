import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { sellerDate, userLanguageToUi, type BrandConfig, type OrderStatusResponse } from '@pet/contract';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { defineJob, type JobQueue } from '../../../platform/jobs/jobs.ts';
import type { Mailer } from '../../../platform/mail/mailer.ts';
import type { PaymentIntentInfo, PaymentProvider } from '../../../platform/payments/types.ts';
import { productById } from '../../plans/plans.repo.ts';
import { renderSepaNoticeMail } from './sepa-notice.mails.ts';
import { formatDate } from '../subscription.mails.ts';
import * as repo from '../subscription.repo.ts';
import * as sepaRepo from './sepa.repo.ts';

/** Sends one pre-notification (a row of sepa_prenotification) and fixes its collection time. */
export const SEPA_NOTICE_MAIL_JOB = 'subscription.sepa-notice-mail';
/** The configured days before a period end: announce the renewal's SEPA debit. */
export const SEPA_ANNOUNCE_RENEWAL_JOB = 'subscription.sepa-announce-renewal';
/** A renewal's announced collection time came: the period-end (or grace) charge runs again. */
export const SEPA_COLLECT_JOB = 'subscription.sepa-collect';

const DAY_MS = 24 * 3600 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

/** A renewal debit, as the period-end charge is about to make it. */
export interface RenewalDebit {
  userId: string;
  partnerId: string;
  /** The current period's end, which the renewal continues. */
  periodEnd: string;
  /** 0 at the period end, 1 to 3 for the grace retries. */
  attempt: number;
  productId: string;
  amountCents: number;
  paymentMethodId: string;
}

type SepaDebitStatus = NonNullable<OrderStatusResponse['sepa_debit']>;

/** What the collection job gets: the same as the period-end and retry jobs. */
const collectPayload = z.object({ userId: z.string(), periodEnd: z.string(), attempt: z.number().int() });
export type CollectPayload = z.infer<typeof collectPayload>;

/** The typed kinds of the SEPA jobs (the announce job is a period-end job's payload). */
export const SEPA_JOBS = {
  noticeMail: defineJob(SEPA_NOTICE_MAIL_JOB, z.object({ noticeId: z.string() })),
  announceRenewal: defineJob(
    SEPA_ANNOUNCE_RENEWAL_JOB,
    z.object({ userId: z.string(), periodEnd: z.string() }),
  ),
  collect: defineJob(SEPA_COLLECT_JOB, collectPayload),
};

export interface SepaPrenotificationDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  provider: PaymentProvider | null;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** SEPA_PRENOTIFICATION_DAYS */
  days: number;
}

/** The first moment of a UTC day given as YYYY-MM-DD. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** yyyyMMdd of the seller's calendar day of an instant, for comparing days. */
const sortableSellerDay = (at: Date) => sellerDate(at).split('.').reverse().join('');

/**
 * SEPA pre-notification and mandate references (issue 33 items 13 and 14; spec: "notice at least
 * 2 days before debit"). The one place for the rule: a SEPA debit is collected only after a mail
 * announced its amount, date, mandate reference and creditor identifier, at least `days` days
 * before.
 *
 * - First debit: the checkout's payment intent asks the provider to collect `days` days later
 *   (target_date, firstDebitDate); when the debit is under way the notice goes out at once.
 * - Renewal: the notice goes out `days` days before the period end (SEPA_ANNOUNCE_RENEWAL_JOB).
 *   The period-end charge asks `readyToCollect` first: without a sent notice for that amount it
 *   sends one and the debit is collected `days` days later (SEPA_COLLECT_JOB), the plan staying
 *   active meanwhile. The same holds for each grace retry.
 */
export class SepaPrenotifications {
  constructor(private readonly deps: SepaPrenotificationDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  /** The day (YYYY-MM-DD) a debit confirmed now may be collected: `days` days ahead. */
  firstDebitDate(now: Date = this.now): string {
    return new Date(now.getTime() + this.deps.days * DAY_MS).toISOString().slice(0, 10);
  }

  // --- Mandates --------------------------------------------------------------------------------

  /**
   * The mandate reference of a SEPA payment method: stored once from the provider's mandate object
   * (GET /v1/mandates/{id}), then read from the table.
   */
  async recordMandate(
    userId: string,
    paymentMethodId: string,
    mandateId: string | null,
  ): Promise<string | null> {
    const known = await this.mandateReference(paymentMethodId);
    if (known || !mandateId || !this.deps.provider) return known;
    const mandate = await this.deps.provider.retrieveMandate(mandateId);
    await sepaRepo.insertMandate(this.deps.db, {
      payment_method_id: paymentMethodId,
      user_id: userId,
      mandate_id: mandate.id,
      reference: mandate.reference,
      created_at: this.now.toISOString(),
    });
    return mandate.reference;
  }

  async mandateReference(paymentMethodId: string | null, db: Db = this.deps.db): Promise<string | null> {
    if (!paymentMethodId) return null;
    return sepaRepo.findMandateReference(db, paymentMethodId);
  }

  /**
   * A SEPA payment intent of ours is under way or paid: its mandate is recorded, the order names
   * the reference, and a purchase's first debit is announced (once) for the day the provider
   * collects it.
   */
  async debitUnderWay(intent: PaymentIntentInfo, order: repo.OrderRow): Promise<void> {
    if (intent.paymentMethodType !== 'sepa_debit' || !intent.paymentMethodId) return;
    const reference = await this.recordMandate(order.user_id, intent.paymentMethodId, intent.mandateId);
    if (reference && order.mandate_reference !== reference) {
      await repo.updateOrder(this.deps.db, order.id, { mandate_reference: reference });
    }
    if (order.kind !== 'purchase' || intent.status !== 'processing') return;
    const collectAt = intent.sepaTargetDate ? startOfDay(intent.sepaTargetDate) : this.now;
    await this.deps.db.transaction().execute(async (trx) => {
      const id = await this.insertNotice(trx, {
        key: `first:${order.id}`,
        kind: 'first',
        userId: order.user_id,
        partnerId: order.partner_id,
        orderId: order.id,
        periodEnd: null,
        attempt: 0,
        productId: order.product_id,
        amountCents: order.amount_cents,
        paymentMethodId: intent.paymentMethodId!,
        mandateReference: reference ?? '',
        collectAt,
      });
      if (id) await this.scheduleMail(trx, id, collectAt);
    });
  }

  /** The order status's account of a first debit under way (what its notice announced). */
  async firstDebitOf(order: repo.OrderRow): Promise<{ sepa_debit?: SepaDebitStatus }> {
    if (order.payment_type !== 'sepa_debit' || order.status !== 'processing') return {};
    const notice = await sepaRepo.findNoticeByKey(this.deps.db, `first:${order.id}`);
    if (!notice) return {};
    return {
      sepa_debit: {
        collection_date: new Date(notice.collect_at).getTime(),
        amount_cents: notice.amount_cents,
        mandate_reference: notice.mandate_reference,
        creditor_id: this.deps.brandForPartner(order.partner_id).seller.creditorId,
      },
    };
  }

  // --- Renewals --------------------------------------------------------------------------------

  /**
   * Whether a renewal's SEPA debit may be collected now: its notice (for this amount and
   * account) went out and its collection time has come. If there is none yet, or it announced
   * something else, a notice is made and mailed; its collection job follows once it is sent.
   */
  async readyToCollect(debit: RenewalDebit): Promise<boolean> {
    const key = `renewal:${debit.userId}:${debit.periodEnd}:${debit.attempt}`;
    const notice = await sepaRepo.findNoticeByKey(this.deps.db, key);
    const same =
      notice &&
      notice.amount_cents === debit.amountCents &&
      notice.payment_method_id === debit.paymentMethodId &&
      notice.product_id === debit.productId;
    if (same) return notice.sent_at !== null && new Date(notice.collect_at) <= this.now;
    // Announced for the period end, unless that is too soon; a notice sent later moves the date
    // again (sendNotice).
    const collectAt = this.collectionTime(new Date(debit.periodEnd));
    const reference = (await this.mandateReference(debit.paymentMethodId)) ?? '';
    await this.deps.db.transaction().execute(async (trx) => {
      let id = notice?.id ?? null;
      if (notice) {
        // The amount or the account changed after the notice (a downgrade, a new account): the
        // old notice no longer covers the debit, a new one goes out.
        await sepaRepo.updateNotice(trx, notice.id, {
          product_id: debit.productId,
          amount_cents: debit.amountCents,
          payment_method_id: debit.paymentMethodId,
          mandate_reference: reference,
          collect_at: collectAt.toISOString(),
          sent_at: null,
        });
      } else {
        id = await this.insertNotice(trx, {
          key,
          kind: 'renewal',
          userId: debit.userId,
          partnerId: debit.partnerId,
          orderId: null,
          periodEnd: debit.periodEnd,
          attempt: debit.attempt,
          productId: debit.productId,
          amountCents: debit.amountCents,
          paymentMethodId: debit.paymentMethodId,
          mandateReference: reference,
          collectAt,
        });
      }
      if (id) await this.scheduleMail(trx, id, collectAt, debit.amountCents);
    });
    return false;
  }

  /**
   * When a renewal debit wanted at `wanted` may be collected if its notice goes out now. The notice
   * period counts calendar days (spec: "at least 2 days before debit"): a notice on the N-th day
   * before keeps the wanted time, however late in that day its job ran (a job a few ms late must
   * not move the debit past the period end); a later one moves the debit to the time the period
   * allows.
   */
  private collectionTime(wanted: Date): Date {
    const earliest = new Date(this.now.getTime() + this.deps.days * DAY_MS);
    return sortableSellerDay(earliest) > sortableSellerDay(wanted) ? earliest : wanted;
  }

  /** When the renewal of a period ending at `periodEnd` is announced. */
  announceAt(periodEnd: Date): Date {
    return new Date(periodEnd.getTime() - this.deps.days * DAY_MS);
  }

  // --- The mail --------------------------------------------------------------------------------

  /**
   * The mail job of one notice. The collection time is fixed when the mail goes out: never
   * sooner than `days` days after it (a job that ran late moves the debit, not the law). Then
   * a renewal's collection is scheduled for that time.
   */
  async sendNotice({ noticeId }: { noticeId: string }): Promise<void> {
    const { db } = this.deps;
    const notice = await sepaRepo.findNotice(db, noticeId);
    if (!notice || notice.sent_at) return;
    const subscription = await repo.findSubscription(db, notice.user_id);
    const recipient = await repo.findRecipient(db, notice.user_id);
    if (!subscription || !recipient || recipient.deletion_requested_at) return;
    if (
      notice.kind === 'renewal' &&
      (subscription.current_period_end !== notice.period_end || subscription.cancel_at_period_end === 1)
    ) {
      return; // the period moved on or the plan ends: nothing will be debited
    }
    const announced = new Date(notice.collect_at);
    const collectAt = notice.kind === 'renewal' ? this.collectionTime(announced) : announced;
    const brand = this.deps.brandForPartner(notice.partner_id);
    const product = await productById(db, notice.product_id);
    const rendered = renderSepaNoticeMail({
      brand,
      language: userLanguageToUi(recipient.language),
      origin: this.deps.originForBrand(brand),
      name: recipient.name,
      kind: notice.kind,
      productName: product?.name ?? '',
      amountCents: notice.amount_cents,
      collectionDate: formatDate(collectAt),
      mandateReference: notice.mandate_reference,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...rendered,
      kind: 'subscription-sepa-prenotification',
      partnerId: brand.partnerId,
    });
    await db.transaction().execute(async (trx) => {
      await sepaRepo.updateNotice(trx, notice.id, {
        sent_at: this.now.toISOString(),
        collect_at: collectAt.toISOString(),
      });
      if (notice.kind === 'renewal' && notice.period_end) {
        const collect: CollectPayload = {
          userId: notice.user_id,
          periodEnd: notice.period_end,
          attempt: notice.attempt,
        };
        await this.deps.jobs.schedule(SEPA_COLLECT_JOB, collect, {
          trx,
          runAt: collectAt,
          dedupeKey: `sepa-collect:${notice.id}:${collectAt.toISOString()}`,
        });
      }
    });
  }

  // --- Rows and jobs ---------------------------------------------------------------------------

  /** Inserts a notice once per key; answers its id, or null when it existed already. */
  private async insertNotice(
    trx: Transaction<Database>,
    notice: {
      key: string;
      kind: 'first' | 'renewal';
      userId: string;
      partnerId: string;
      orderId: string | null;
      periodEnd: string | null;
      attempt: number;
      productId: string;
      amountCents: number;
      paymentMethodId: string;
      mandateReference: string;
      collectAt: Date;
    },
  ): Promise<string | null> {
    const id = randomUUID();
    const inserted = await sepaRepo.insertNoticeOnce(trx, {
      id,
      notice_key: notice.key,
      user_id: notice.userId,
      partner_id: notice.partnerId,
      kind: notice.kind,
      order_id: notice.orderId,
      period_end: notice.periodEnd,
      attempt: notice.attempt,
      product_id: notice.productId,
      amount_cents: notice.amountCents,
      payment_method_id: notice.paymentMethodId,
      mandate_reference: notice.mandateReference,
      collect_at: notice.collectAt.toISOString(),
      sent_at: null,
      created_at: this.now.toISOString(),
    });
    return inserted ? id : null;
  }

  private async scheduleMail(
    trx: Transaction<Database>,
    noticeId: string,
    collectAt: Date,
    amountCents?: number,
  ): Promise<void> {
    await this.deps.jobs.schedule(
      SEPA_NOTICE_MAIL_JOB,
      { noticeId },
      { trx, dedupeKey: `sepa-notice:${noticeId}:${amountCents ?? ''}:${collectAt.toISOString()}` },
    );
  }
}
