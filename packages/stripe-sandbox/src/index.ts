/**
 * @pet/stripe-sandbox: a Stripe-compatible sandbox (the part of Stripe's API the portal uses, test
 * cards and IBANs, 3-D Secure and hosted checkout pages, signed webhooks), mounted in a Fastify app
 * on the app's database with its own tables and migrations. The portal talks to it with the
 * official `stripe` SDK through InjectHttpClient, exactly as it talks to Stripe.
 */
export {
  mountStripeSandbox,
  type EventDelivery,
  type StripeSandbox,
  type StripeSandboxOptions,
} from './mount.ts';
export { SandboxEngine } from './engine/engine.ts';
export { sandboxKeys, type SandboxKeys } from './ids.ts';
export { InjectHttpClient } from './inject-http-client.ts';
export { FAILING_TEST_IBANS, TEST_CARDS } from './instruments.ts';
export { DELIVER_EVENT_JOB, SETTLE_SEPA_JOB, type SandboxClock, type SandboxJobQueue } from './jobs.ts';
export { SANDBOX_PATH } from './paths.ts';
export type { SandboxDb, SandboxDialect, SandboxTransaction, StripeSandboxTables } from './store/tables.ts';
