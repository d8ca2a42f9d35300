import type { Kysely } from 'kysely';
import {
  WITHDRAWAL_DAYS,
  WITHDRAWAL_NOT_POSSIBLE_KEY,
  type WithdrawalResponse,
  type WithdrawalStatus,
} from '@pet/contract';
import type { Database } from '../../../db/schema.ts';
import type { Clock } from '../../../platform/clock.ts';
import { badRequest } from '../../../platform/errors.ts';
import type { InvoicesService } from '../billing/invoices.service.ts';
import * as repo from '../subscription.repo.ts';
import { findCreditNoteOfOrder } from '../billing/invoices.repo.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The cents refunded on withdrawal (§ 357a Abs. 2 BGB): everything, unless the buyer asked that
 * the plan start at once; then the share of the paid period not used yet, pro rata to the
 * millisecond and rounded to the cent.
 */
export function withdrawalRefundCents(
  order: Pick<repo.OrderRow, 'amount_cents' | 'start_consent_at' | 'period_start' | 'period_end'>,
  now: Date,
): number {
  if (!order.start_consent_at || !order.period_start || !order.period_end) return order.amount_cents;
  const start = new Date(order.period_start).getTime();
  const total = new Date(order.period_end).getTime() - start;
  const used = Math.min(Math.max(now.getTime() - start, 0), total);
  return Math.round((order.amount_cents * (total - used)) / total);
}

export interface WithdrawalDeps {
  db: Kysely<Database>;
  clock: Clock;
  invoices: InvoicesService;
}

/**
 * Withdrawal from a purchase within 14 days (Widerrufsrecht): the plan ends at once (the one
 * function that ends a plan, through the credit note's transaction), the refund goes back
 * through the provider and the correction invoice is the operator refund's credit note.
 * Renewals are no new contract and have no withdrawal right.
 */
export class WithdrawalService {
  constructor(private readonly deps: WithdrawalDeps) {}

  /** The paid purchase the current period rests on, if it is still within its 14 days. */
  private async withdrawableOrder(userId: string): Promise<repo.OrderRow | null> {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    if (!subscription?.current_period_end) return null;
    const order = await repo.findPaidPurchaseEndingAt(db, userId, subscription.current_period_end);
    if (!order?.paid_at) return null;
    if (await findCreditNoteOfOrder(db, order.id)) return null;
    return this.now() <= this.deadlineOf(order) ? order : null;
  }

  private now(): Date {
    return this.deps.clock.now();
  }

  private deadlineOf(order: repo.OrderRow): Date {
    return new Date(new Date(order.paid_at!).getTime() + WITHDRAWAL_DAYS * DAY_MS);
  }

  async status(userId: string): Promise<WithdrawalStatus> {
    const order = await this.withdrawableOrder(userId);
    if (!order) return { withdrawable: false, deadline: null, refund: null };
    return {
      withdrawable: true,
      deadline: Math.floor(this.deadlineOf(order).getTime() / 1000),
      refund: withdrawalRefundCents(order, this.now()) / 100,
    };
  }

  /** Withdraws (400 Withdrawal_Not_Possible_Text when nothing is within its 14 days). */
  async withdraw(userId: string): Promise<WithdrawalResponse> {
    const order = await this.withdrawableOrder(userId);
    if (!order) {
      throw badRequest(
        WITHDRAWAL_NOT_POSSIBLE_KEY,
        undefined,
        'No purchase within its 14-day withdrawal period',
      );
    }
    const amountCents = Math.max(withdrawalRefundCents(order, this.now()), 1);
    const result = await this.deps.invoices.refundOrder(order.id, { amountCents, withdrawal: true });
    return { refund: result.amountCents / 100, credit_note_number: result.creditNoteNumber };
  }
}
