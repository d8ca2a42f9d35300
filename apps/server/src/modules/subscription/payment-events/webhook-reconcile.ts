import type { FastifyInstance } from 'fastify';
import type { PaymentProvider } from '../../../platform/payments/types.ts';
import type { SubscriptionService } from '../subscription.service.ts';

/** Fetches the provider's undelivered events and applies them (see registerWebhookReconcile). */
export const WEBHOOK_RECONCILE_JOB = 'subscription.webhook-reconcile';

export interface ReconcileResult {
  /** Undelivered events the provider listed. */
  listed: number;
  /** Of those, events that had not been processed yet and were applied now. */
  applied: number;
}

/**
 * Applies every event the provider reports as not delivered (pending retries, or given up after
 * its last retry), page by page. handleEvent is idempotent by event id and order-independent, so
 * an event that the webhook processed meanwhile, or that arrives later after all, changes nothing.
 */
export async function reconcileWebhookEvents(
  provider: PaymentProvider,
  service: SubscriptionService,
): Promise<ReconcileResult> {
  const result: ReconcileResult = { listed: 0, applied: 0 };
  let startingAfter: string | undefined;
  for (;;) {
    const page = await provider.listUndeliveredEvents(startingAfter);
    for (const event of page.events) {
      const { duplicate } = await service.handleEvent(event);
      result.listed += 1;
      if (!duplicate) result.applied += 1;
    }
    const last = page.events.at(-1);
    if (!page.hasMore || !last) return result;
    startingAfter = last.id;
  }
}

/**
 * The reconciliation as a durable job every WEBHOOK_RECONCILE_INTERVAL_S of business time: a
 * webhook endpoint that was down for longer than the provider retries (Stripe: 3 days) loses no
 * payment. Runs sit on slot boundaries (dedupe key per slot), so restarts and several instances
 * schedule each run once; a run schedules the next slot before it works, so a failing run (retried
 * by the queue) never ends the chain.
 */
export function registerWebhookReconcile(app: FastifyInstance, service: SubscriptionService): void {
  const provider = app.payments.provider;
  const everyMs = app.config.payments.webhookReconcileSeconds * 1000;
  const scheduleAfter = (at: Date) => {
    const next = new Date((Math.floor(at.getTime() / everyMs) + 1) * everyMs);
    return app.jobs.schedule(
      WEBHOOK_RECONCILE_JOB,
      {},
      { runAt: next, dedupeKey: `${WEBHOOK_RECONCILE_JOB}:${next.toISOString()}` },
    );
  };
  app.jobs.register(WEBHOOK_RECONCILE_JOB, async () => {
    if (!provider) return;
    // After now, not after this slot: one run covers every slot a stopped clock or server missed.
    await scheduleAfter(app.clock.now());
    const result = await reconcileWebhookEvents(provider, service);
    if (result.applied > 0) app.log.warn(result, 'webhook reconciliation applied undelivered events');
  });
  if (!provider) return;
  app.addHook('onReady', async () => {
    await scheduleAfter(app.clock.now());
  });
}
