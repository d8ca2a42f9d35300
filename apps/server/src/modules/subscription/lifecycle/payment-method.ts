import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_KEYS, type BrandConfig, type PaymentMethodResponse } from '@pet/contract';
import { badRequest, withStatus } from '../../../platform/errors.ts';
import * as repo from '../subscription.repo.ts';
import { requireProvider, type SubscriptionServiceDeps } from '../subscription-deps.ts';
import { RENEWAL_RETRY_JOB } from '../subscription.jobs.ts';

/** The method renewals are charged with: shown, replaced through a setup checkout. */
export class PaymentMethods {
  constructor(private readonly deps: SubscriptionServiceDeps) {}

  private get now(): Date {
    return this.deps.clock.now();
  }

  /** A hosted checkout in setup mode; its completion makes the new method the renewal method. */
  async paymentUpdateSession(
    userId: string,
    brand: BrandConfig,
    urls: { success_url: string; cancel_url: string },
  ): Promise<{ session_id: string; url: string }> {
    const provider = requireProvider(this.deps.provider);
    const origin = this.deps.originForBrand(brand);
    for (const url of [urls.success_url, urls.cancel_url]) {
      // Only our own pages: the hosted page must not become an open redirect.
      if (new URL(url).origin !== new URL(origin).origin) {
        throw badRequest('Bad_Request_Text', 'success_url', 'Return URLs must point at the portal');
      }
    }
    const subscription = await repo.findSubscription(this.deps.db, userId);
    if (!subscription?.stripe_customer_id) {
      throw badRequest(SUBSCRIPTION_KEYS.noPaymentMethod, undefined, 'Nothing has been bought yet');
    }
    const session = await provider.createSetupCheckoutSession({
      customerId: subscription.stripe_customer_id,
      successUrl: urls.success_url,
      cancelUrl: urls.cancel_url,
      paymentMethodTypes: ['card', 'sepa_debit'],
      metadata: { user_id: userId, partner_id: subscription.partner_id, purpose: 'update_payment' },
      idempotencyKey: `setup-${userId}-${randomUUID()}`,
    });
    if (!session.url) throw withStatus(502, 'Server_Down_Text', 'The checkout session has no URL');
    return { session_id: session.id, url: session.url };
  }

  /** POST /v1/subscription/update_payment: the same session, returning to the portal's pages. */
  async updatePayment(userId: string, brand: BrandConfig): Promise<{ session_id: string; url: string }> {
    const origin = this.deps.originForBrand(brand);
    return this.paymentUpdateSession(userId, brand, {
      success_url: `${origin}/my-account/payment-update/successful?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/my-account/payment-update/failed`,
    });
  }

  /** checkout.session.completed: the new method is the default; a renewal in grace retries now. */
  async checkoutCompleted(sessionId: string): Promise<void> {
    const provider = requireProvider(this.deps.provider);
    const session = await provider.retrieveCheckoutSession(sessionId);
    const userId = session.metadata.user_id;
    if (session.status !== 'complete' || !session.setupIntentId || !userId) return;
    const setupIntent = await provider.retrieveSetupIntent(session.setupIntentId);
    if (!setupIntent.paymentMethodId || !session.customerId) return;
    const method = await provider.retrievePaymentMethod(setupIntent.paymentMethodId);
    if (method.type === 'sepa_debit')
      await this.deps.sepa.recordMandate(userId, method.id, setupIntent.mandateId);
    await provider.setDefaultPaymentMethod(session.customerId, method.id, `default-pm-${session.id}`);
    await this.deps.db.transaction().execute(async (trx) => {
      const subscription = await repo.lockSubscription(trx, this.deps.kind, userId);
      if (!subscription || subscription.stripe_customer_id !== session.customerId) return;
      await repo.updateSubscription(trx, userId, {
        default_payment_method_id: method.id,
        payment_method_type: method.type,
        updated_at: this.now.toISOString(),
      });
      const failures = subscription.renewal_failures ?? 0;
      if (failures > 0 && subscription.current_period_end) {
        await this.deps.jobs.schedule(
          RENEWAL_RETRY_JOB,
          { userId, periodEnd: subscription.current_period_end, attempt: failures },
          {
            trx,
            dedupeKey: `renewal-retry:${userId}:${subscription.current_period_end}:after-${session.id}`,
          },
        );
      }
    });
  }

  async paymentMethod(userId: string): Promise<PaymentMethodResponse> {
    const subscription = await repo.findSubscription(this.deps.db, userId);
    const none = { type: null, last4: null, brand: null, exp_month: null, exp_year: null };
    if (!subscription?.default_payment_method_id || !this.deps.provider) return none;
    const method = await this.deps.provider.retrievePaymentMethod(subscription.default_payment_method_id);
    return {
      type: method.type,
      last4: method.last4,
      brand: method.brand,
      exp_month: method.expMonth,
      exp_year: method.expYear,
    };
  }
}
