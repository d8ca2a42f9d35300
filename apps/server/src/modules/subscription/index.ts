import type { FastifyInstance } from 'fastify';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import {
  DOCUMENTS_CLEANUP_JOB,
  DOCUMENTS_WARNING_JOB,
  PERIOD_END_JOB,
  RENEWAL_RETRY_JOB,
  RENEWAL_SCHEDULE,
  SUBSCRIPTION_MAIL_JOB,
  SubscriptionService,
} from './subscription.service.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { RenewalAttention } from './renewal-attention.ts';
import { renewalAttentionRoutes } from './renewal-attention.routes.ts';
import { resolveSecrets } from '../../platform/identity/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    subscription: SubscriptionService;
  }
}

/** Register after identity (mailer, code activation, myinfo), documents and the payment platform. */
export async function registerSubscription(app: FastifyInstance): Promise<void> {
  const { config } = app;
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
  app.jobs.register(DOCUMENTS_WARNING_JOB, (payload) => service.warnDocumentsDeletion(payload));
  app.jobs.register(DOCUMENTS_CLEANUP_JOB, (payload) => service.cleanUpDocuments(payload));
  app.identityService.setDowngradingProvider((userId) => service.downgrading(userId));
  app.identityService.setRenewalStateProvider((userId) => attention.stateOf(userId));
  await app.register(subscriptionRoutes, { identity: app.identityService, service });
  await app.register(renewalAttentionRoutes, { attention, linkSecret });
  await app.register(webhookRoutes, { provider: app.payments.provider, service });
  await (await import('./orders.routes.ts')).registerOrders(app);
}
