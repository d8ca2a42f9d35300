import {
  SUBSCRIPTION_KEYS,
  downgradeTargets,
  sellerDate,
  type BrandConfig,
  type Downgrading,
  type SubscriptionChangeResponse,
} from '@pet/contract';
import type { ProductRow } from '../../../db/schema.ts';
import { badRequest, forbidden } from '../../../platform/errors.ts';
import { listProducts, productById, toProduct } from '../../plans/plans.repo.ts';
import * as repo from '../subscription.repo.ts';
import type { SubscriptionServiceDeps } from '../subscription-deps.ts';
import { SUBSCRIPTION_MAIL_JOB, type MailPayload } from '../subscription.jobs.ts';

/** A plan row as the contract's downgrade rule reads it. */
const downgradeFactsOf = (plan: ProductRow) => ({ ...plan, is_default: plan.is_default === 1 });

/** What the customer changes about a running plan: cancel and revoke, downgrade and its cancellation. */
export class PlanChanges {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  private async paidSubscription(userId: string, brand: BrandConfig) {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    const product = subscription ? await productById(db, subscription.product_id) : undefined;
    if (!subscription || !product || product.is_default === 1) {
      throw badRequest(
        SUBSCRIPTION_KEYS.cancelFreePlan,
        undefined,
        `The free plan cannot be cancelled. Questions? Write to ${brand.supportEmail}`,
      );
    }
    return { subscription, product };
  }

  /** When the current plan ends: the paid period's end, or the end of a plan attached by code. */
  private endOf(subscription: repo.SubscriptionRow): Date | null {
    const end = subscription.current_period_end ?? subscription.product_expires_at;
    return end ? new Date(end) : null;
  }

  /**
   * Cancels at the end of the paid period. `options.mail` false: the caller confirms in its own
   * mail (the public cancellation form, which confirms every declaration alike).
   */
  async cancel(
    userId: string,
    brand: BrandConfig,
    options: { mail?: boolean } = {},
  ): Promise<{ current_phase: { end_date: number } }> {
    const { subscription } = await this.paidSubscription(userId, brand);
    const end = this.endOf(subscription);
    if (!end) {
      throw badRequest(
        SUBSCRIPTION_KEYS.cancelFreePlan,
        undefined,
        `This plan has no end to cancel at. Write to ${brand.supportEmail}`,
      );
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.lockSubscription(trx, this.deps.kind, userId);
      await repo.updateSubscription(trx, userId, {
        cancel_at_period_end: 1,
        pending_product_id: null,
        pending_price_id: null,
        updated_at: this.now.toISOString(),
      });
      if (options.mail === false) return;
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        {
          kind: 'termination-confirmed',
          userId,
          date: Math.floor(end.getTime() / 1000),
          receivedAt: this.now.toISOString(),
        } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:termination:${userId}:${this.now.toISOString()}` },
      );
    });
    return { current_phase: { end_date: Math.floor(end.getTime() / 1000) } };
  }

  async cancelAt(userId: string): Promise<{ status: 'cancel' | 'downgrade' | 'active' | 'none' }> {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    const product = subscription ? await productById(db, subscription.product_id) : undefined;
    if (!subscription || !product || product.is_default === 1) return { status: 'none' };
    if (subscription.cancel_at_period_end === 1) return { status: 'cancel' };
    if (subscription.pending_product_id) return { status: 'downgrade' };
    return { status: 'active' };
  }

  async revokeCancellation(userId: string, brand: BrandConfig): Promise<SubscriptionChangeResponse> {
    const { subscription } = await this.paidSubscription(userId, brand);
    if (subscription.cancel_at_period_end !== 1) {
      throw badRequest(SUBSCRIPTION_KEYS.nothingPending, undefined, 'No termination is pending');
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.updateSubscription(trx, userId, {
        cancel_at_period_end: 0,
        updated_at: this.now.toISOString(),
      });
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        { kind: 'termination-revoked', userId } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:revoked:${userId}:${this.now.toISOString()}` },
      );
    });
    return { message: 'Termination revoked', effective_date: null };
  }

  async downgrade(userId: string, brand: BrandConfig, priceId: string): Promise<SubscriptionChangeResponse> {
    const { db } = this.deps;
    const { subscription, product } = await this.paidSubscription(userId, brand);
    if (subscription.is_gift === 1 || subscription.is_promo === 1 || !subscription.current_period_end) {
      throw forbidden(
        SUBSCRIPTION_KEYS.downgradeNotAllowed,
        'Gift, promo and code plans cannot be downgraded',
      );
    }
    const plans = await listProducts(db, brand.partnerId);
    const target = downgradeTargets(product, subscription.pay_type, plans, downgradeFactsOf).find(
      (t) => t.priceId === priceId,
    );
    if (!target)
      throw badRequest(SUBSCRIPTION_KEYS.downgradeTargetInvalid, 'price_id', 'Not a plan to downgrade to');
    const effective = Math.floor(new Date(subscription.current_period_end).getTime() / 1000);
    await db.transaction().execute(async (trx) => {
      await repo.lockSubscription(trx, this.deps.kind, userId);
      await repo.updateSubscription(trx, userId, {
        pending_product_id: target.plan.id,
        pending_price_id: target.priceId,
        cancel_at_period_end: 0,
        updated_at: this.now.toISOString(),
      });
      await this.deps.jobs.schedule(
        SUBSCRIPTION_MAIL_JOB,
        { kind: 'downgrade-scheduled', userId, date: effective } satisfies MailPayload,
        { trx, dedupeKey: `subscription-mail:downgrade:${userId}:${this.now.toISOString()}` },
      );
    });
    return {
      message: 'Downgrade scheduled',
      effective_date: effective,
      effective_on: sellerDate(subscription.current_period_end),
    };
  }

  async cancelDowngrade(userId: string, brand: BrandConfig): Promise<SubscriptionChangeResponse> {
    const { subscription } = await this.paidSubscription(userId, brand);
    if (!subscription.pending_product_id) {
      throw badRequest(SUBSCRIPTION_KEYS.nothingPending, undefined, 'No downgrade is pending');
    }
    await repo.updateSubscription(this.deps.db, userId, {
      pending_product_id: null,
      pending_price_id: null,
      updated_at: this.now.toISOString(),
    });
    return { message: 'Downgrade cancelled', effective_date: null };
  }

  /** myinfo's `downgrading`: false, or the target plan and when it takes effect (epoch seconds). */
  async downgrading(userId: string): Promise<Downgrading> {
    const { db } = this.deps;
    const subscription = await repo.findSubscription(db, userId);
    if (!subscription?.pending_product_id || !subscription.current_period_end) return false;
    const product = await productById(db, subscription.pending_product_id);
    if (!product) return false;
    return {
      product: toProduct(product),
      date: Math.floor(new Date(subscription.current_period_end).getTime() / 1000),
      starts_on: sellerDate(subscription.current_period_end),
    };
  }
}
