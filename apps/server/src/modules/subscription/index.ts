import type { FastifyInstance } from 'fastify';
import type { IdentityService } from '../identity/identity.service.ts';
import { contractCancellationRoutes } from './lifecycle/contract-cancellation.routes.ts';
import {
  CONTRACT_CANCELLATION,
  type ContractCancellationService,
} from './lifecycle/contract-cancellation.ts';
import type { InvoicesService } from './billing/invoices.service.ts';
import { registerOrders } from './billing/orders.routes.ts';
import type { RenewalAttention } from './lifecycle/renewal-attention.ts';
import { renewalAttentionRoutes } from './lifecycle/renewal-attention.routes.ts';
import { SEPA_JOBS, type SepaPrenotifications } from './lifecycle/sepa-prenotification.ts';
import { subscriptionRoutes } from './subscription.routes.ts';
import type { SubscriptionService } from './subscription.service.ts';
import { SUBSCRIPTION_JOBS } from './subscription.jobs.ts';
import type { WebhookFaults } from './payment-events/webhook-faults.ts';
import { registerWebhookReconcile } from './payment-events/webhook-reconcile.ts';
import { webhookRoutes } from './payment-events/webhook.routes.ts';
import type { WithdrawalService } from './lifecycle/withdrawal.ts';
import { withdrawalRoutes } from './lifecycle/withdrawal.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    subscription: SubscriptionService;
    /** The webhook's test seam (webhook-faults.ts); null in production. */
    webhookFaults: WebhookFaults | null;
  }
}

/** The subscription module's services, built in app/services.ts. */
export interface SubscriptionParts {
  subscription: SubscriptionService;
  sepa: SepaPrenotifications;
  attention: RenewalAttention;
  /** Signs the renewal payment links (renewal-attention.ts). */
  linkSecret: string;
  invoices: InvoicesService;
  withdrawal: WithdrawalService;
  contractCancellation: ContractCancellationService;
  faults: WebhookFaults | null;
  /** The code activation of the subscription page. */
  identity: IdentityService;
}

export async function registerSubscription(app: FastifyInstance, parts: SubscriptionParts): Promise<void> {
  const { subscription: service, sepa, attention, faults } = parts;
  app.decorate('subscription', service);
  const jobs = SUBSCRIPTION_JOBS;
  app.jobs.register(jobs.mail, (payload) => service.sendMail(payload));
  app.jobs.register(jobs.periodEnd, (payload) => service.periodEnded(payload));
  app.jobs.register(jobs.renewalRetry, (payload) => service.retryRenewal(payload));
  app.jobs.register(SEPA_JOBS.noticeMail, (payload) => sepa.sendNotice(payload));
  app.jobs.register(SEPA_JOBS.announceRenewal, (payload) => service.announceRenewal(payload));
  // The announced day came: the period-end charge (or its grace retry) runs again.
  app.jobs.register(SEPA_JOBS.collect, (payload) =>
    payload.attempt === 0 ? service.periodEnded(payload) : service.retryRenewal(payload),
  );
  app.jobs.register(jobs.documentsWarning, (payload) => service.warnDocumentsDeletion(payload));
  app.jobs.register(jobs.documentsCleanup, (payload) => service.cleanUpDocuments(payload));
  await app.register(subscriptionRoutes, { identity: parts.identity, service });
  await app.register(renewalAttentionRoutes, { attention, linkSecret: parts.linkSecret });
  app.decorate('webhookFaults', faults);
  await app.register(webhookRoutes, { provider: app.payments.provider, service, faults });
  registerWebhookReconcile(app, service);
  await registerOrders(app, parts.invoices, service);
  // The public "Verträge hier kündigen" form (§ 312k BGB) on top of the service's cancel, and the
  // withdrawal (account area and the same public form) on top of the operator refund's credit note.
  await app.register(withdrawalRoutes, { service: parts.withdrawal });
  app.jobs.register(CONTRACT_CANCELLATION, (payload) => parts.contractCancellation.handle(payload));
  await app.register(contractCancellationRoutes, { service: parts.contractCancellation });
}
