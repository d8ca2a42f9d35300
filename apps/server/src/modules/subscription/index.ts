import type { FastifyInstance } from 'fastify';
import { brandConfig } from '@pet/contract';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import { SubscriptionService } from './subscription.service.ts';
import {
  DOCUMENTS_CLEANUP_JOB,
  DOCUMENTS_WARNING_JOB,
  PERIOD_END_JOB,
  RENEWAL_RETRY_JOB,
  RENEWAL_SCHEDULE,
  SUBSCRIPTION_MAIL_JOB,
} from './subscription.jobs.ts';
import type { WebhookFaults } from './payment-events/webhook-faults.ts';
import { registerWebhookReconcile } from './payment-events/webhook-reconcile.ts';
import { ownsTracker } from './checkout/tracker-ownership.ts';
import { webhookRoutes } from './payment-events/webhook.routes.ts';
import {
  SEPA_ANNOUNCE_RENEWAL_JOB,
  SEPA_COLLECT_JOB,
  SEPA_NOTICE_MAIL_JOB,
  SepaPrenotifications,
  type CollectPayload,
} from './lifecycle/sepa-prenotification.ts';
import { RenewalAttention } from './lifecycle/renewal-attention.ts';
import { renewalAttentionRoutes } from './lifecycle/renewal-attention.routes.ts';
import { resolveSecrets } from '../../platform/identity/secrets.ts';
import { CONTRACT_CANCELLATION_JOB, ContractCancellationService } from './lifecycle/contract-cancellation.ts';
import { contractCancellationRoutes } from './lifecycle/contract-cancellation.routes.ts';
import { WithdrawalService } from './lifecycle/withdrawal.ts';
import { withdrawalRoutes } from './lifecycle/withdrawal.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    subscription: SubscriptionService;
    /** The webhook's test seam (webhook-faults.ts); null in production. */
    webhookFaults: WebhookFaults | null;
  }
}

/** Register after identity (mailer, code activation, myinfo), documents and the payment platform. */
export async function registerSubscription(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const sepa = new SepaPrenotifications({
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    mailer: app.mailer,
    log: app.log,
    provider: app.payments.provider,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
    days: config.payments.sepaPrenotificationDays,
  });
  // Signs the renewal payment links (renewal-attention.ts) with the server's identity secret.
  const linkSecret = resolveSecrets(config).authSecret;
  const service = new SubscriptionService({
    db: app.db,
    kind: app.database.kind,
    clock: app.clock,
    jobs: app.jobs,
    mailer: app.mailer,
    log: app.log,
    provider: app.payments.provider,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
    keepNewestDocuments: (userId, keep) => app.documents.keepNewest(userId, keep),
    sepa,
    // app.invoices is registered below (registerOrders); the mail job runs after start.
    mailDocument: (orderId, document) => app.invoices.mailDocument(orderId, document),
    renewalPaymentLink: (origin, userId, orderId, periodEnd): string =>
      // Called when a mail is sent, long after `attention` below exists.
      attention.linkFor(linkSecret, origin, userId, orderId, periodEnd),
  });
  const attention: RenewalAttention = new RenewalAttention({
    db: app.db,
    clock: app.clock,
    provider: app.payments.provider,
    schedule: RENEWAL_SCHEDULE,
    originForBrand: (brand) => originForBrand(config, brand),
    applyPaymentIntent: (intent) => service.applyPaymentIntent(intent),
  });
  app.decorate('subscription', service);
  app.jobs.register(SUBSCRIPTION_MAIL_JOB, (payload) => service.sendMail(payload));
  app.jobs.register(PERIOD_END_JOB, (payload) => service.periodEnded(payload));
  app.jobs.register(RENEWAL_RETRY_JOB, (payload) => service.retryRenewal(payload));
  app.jobs.register(SEPA_NOTICE_MAIL_JOB, (payload) => sepa.sendNotice(payload));
  app.jobs.register(SEPA_ANNOUNCE_RENEWAL_JOB, (payload) => service.announceRenewal(payload));
  // The announced day came: the period-end charge (or its grace retry) runs again.
  app.jobs.register(SEPA_COLLECT_JOB, (payload) =>
    (payload as CollectPayload).attempt === 0 ? service.periodEnded(payload) : service.retryRenewal(payload),
  );
  app.jobs.register(DOCUMENTS_WARNING_JOB, (payload) => service.warnDocumentsDeletion(payload));
  app.jobs.register(DOCUMENTS_CLEANUP_JOB, (payload) => service.cleanUpDocuments(payload));
  app.identityService.setDowngradingProvider((userId) => service.downgrading(userId));
  // Only the tracker brand sells trackers: other brands' myinfo asks nothing more.
  app.identityService.setTrackerBoughtProvider(async (userId, partnerId) =>
    brandForPartner(partnerId, config.defaultBrand).tracker.enabled ? ownsTracker(app.db, userId) : false,
  );
  app.identityService.setRenewalStateProvider((userId) => attention.stateOf(userId));
  await app.register(subscriptionRoutes, { identity: app.identityService, service });
  await app.register(renewalAttentionRoutes, { attention, linkSecret });
  const faults: WebhookFaults | null = config.env === 'production' ? null : { inject: null };
  app.decorate('webhookFaults', faults);
  await app.register(webhookRoutes, { provider: app.payments.provider, service, faults });
  registerWebhookReconcile(app, service);
  await (await import('./billing/orders.routes.ts')).registerOrders(app);
  await registerContractCancellation(app, service);
}

/**
 * The public "Verträge hier kündigen" form (§ 312k BGB) on top of the service's cancel, and the
 * withdrawal (account area and the same public form) on top of the operator refund's credit note.
 */
async function registerContractCancellation(app: FastifyInstance, subscription: SubscriptionService) {
  const withdrawal = new WithdrawalService({ db: app.db, clock: app.clock, invoices: app.invoices });
  await app.register(withdrawalRoutes, { service: withdrawal });
  const service = new ContractCancellationService({
    db: app.db,
    clock: app.clock,
    jobs: app.jobs,
    mailer: app.mailer,
    limiter: app.rateLimiter,
    log: app.log,
    subscription,
    withdraw: (userId) => withdrawal.withdraw(userId),
    brandOf: (id) => brandConfig(id),
    originForBrand: (brand) => originForBrand(app.config, brand),
  });
  app.jobs.register(CONTRACT_CANCELLATION_JOB, (payload) => service.handle(payload));
  await app.register(contractCancellationRoutes, { service });
}
