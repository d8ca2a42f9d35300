import type { FastifyInstance } from 'fastify';
import { brandConfig } from '@pet/contract';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import {
  DOCUMENTS_CLEANUP_JOB,
  DOCUMENTS_WARNING_JOB,
  PERIOD_END_JOB,
  RENEWAL_RETRY_JOB,
  SUBSCRIPTION_MAIL_JOB,
  SubscriptionService,
} from './subscription.service.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { CONTRACT_CANCELLATION_JOB, ContractCancellationService } from './contract-cancellation.ts';
import { contractCancellationRoutes } from './contract-cancellation.routes.ts';
import { WithdrawalService } from './withdrawal.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    subscription: SubscriptionService;
  }
}

/** Register after identity (mailer, code activation, myinfo), documents and the payment platform. */
export async function registerSubscription(app: FastifyInstance): Promise<void> {
  const { config } = app;
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
  });
  app.decorate('subscription', service);
  app.jobs.register(SUBSCRIPTION_MAIL_JOB, (payload) => service.sendMail(payload));
  app.jobs.register(PERIOD_END_JOB, (payload) => service.periodEnded(payload));
  app.jobs.register(RENEWAL_RETRY_JOB, (payload) => service.retryRenewal(payload));
  app.jobs.register(DOCUMENTS_WARNING_JOB, (payload) => service.warnDocumentsDeletion(payload));
  app.jobs.register(DOCUMENTS_CLEANUP_JOB, (payload) => service.cleanUpDocuments(payload));
  app.identityService.setDowngradingProvider((userId) => service.downgrading(userId));
  await app.register(subscriptionRoutes, { identity: app.identityService, service });
  await app.register(webhookRoutes, { provider: app.payments.provider, service });
  await (await import('./orders.routes.ts')).registerOrders(app);
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
