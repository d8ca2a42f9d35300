import type { ProviderEvent } from '../../../platform/payments/types.ts';

/**
 * Where a webhook delivery can break: before the event is handled (the endpoint is down), after
 * its effects were applied but before it was recorded as processed (a crash in between), or after
 * everything committed (the answer is lost). Each is answered 500, so the provider delivers again.
 */
export type WebhookFaultStage = 'received' | 'applied' | 'recorded';

/**
 * Test seam of the webhook route (never set outside tests and benches, and not decorated in
 * production): a test throws from `inject` to make chosen deliveries fail at a chosen stage, through
 * the real route and handler. The reconciliation job does not pass through it.
 */
export interface WebhookFaults {
  inject: ((event: ProviderEvent, stage: WebhookFaultStage) => void) | null;
}
