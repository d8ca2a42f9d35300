import type { FastifyInstance } from 'fastify';
import type { PaymentsConfig } from '../../config.ts';
import {
  DELIVER_EVENT_JOB,
  InjectHttpClient,
  SANDBOX_PATH,
  sandboxKeys,
  SETTLE_SEPA_JOB,
  type StripeSandbox,
} from '@pet/stripe-sandbox';
import { mountSandbox } from './sandbox.ts';
import { createStripeClient, StripePaymentProvider } from './stripe-provider.ts';
import type { PaymentProvider } from './types.ts';
import { loadOrCreateWebhookSecret } from './webhook-secret.ts';

/**
 * Payments (DESIGN.md section 7): one provider interface (types.ts) with one adapter on the official
 * `stripe` SDK (stripe-provider.ts), talking to Stripe with keys and otherwise to the in-process
 * Stripe-compatible sandbox (packages/stripe-sandbox, mounted by sandbox.ts). The subscription
 * module owns orders and periods.
 */
export * from './types.ts';
export {
  createStripeClient,
  mapCheckoutSession,
  mapEvent,
  mapPaymentIntent,
  mapPaymentMethod,
  mapSetupIntent,
  StripePaymentProvider,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
} from './stripe-provider.ts';

/** Our webhook (the subscription module's route): Stripe, or the sandbox, posts events here. */
export const PAYMENT_WEBHOOK_PATH = '/v1/subscription/webhook';

export interface PaymentsPlatform {
  /** Null when payments are unavailable (production without Stripe keys): buying answers 503. */
  provider: PaymentProvider | null;
  mode: PaymentsConfig['mode'];
  /**
   * The secret our webhook verifies signatures with (provider.verifyWebhook uses it too):
   * STRIPE_WEBHOOK_SECRET, or in the sandbox one generated once into DATA_DIR. Empty when unavailable.
   */
  webhookSecret: string;
  /**
   * Sandbox mode: the sandbox's secret key, for its test helpers and direct API calls in tests
   * (Authorization: Bearer ...). Null otherwise: a real key stays inside the SDK client.
   */
  secretKey: string | null;
  /** Sandbox mode: the sandbox's webhook delivery, for tests that deliver events themselves. Null otherwise. */
  sandbox: Pick<StripeSandbox, 'deliverEvent' | 'pauseDelivery'> | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsPlatform;
  }
}

const UNAVAILABLE_WARNING =
  'Payments are unavailable: NODE_ENV=production without Stripe keys, so buying answers 503 until ' +
  'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are set.';

/** Decorates app.payments for the configured mode; in sandbox mode also mounts the sandbox. */
export async function registerPayments(app: FastifyInstance): Promise<void> {
  const config = app.config.payments;

  if (config.mode === 'stripe') {
    if (!config.secretKey || !config.publishableKey || !config.webhookSecret) {
      throw new Error(
        'Stripe mode needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      );
    }
    const provider = new StripePaymentProvider(createStripeClient(config.secretKey), {
      mode: 'stripe',
      publishableKey: config.publishableKey,
      webhookSecret: config.webhookSecret,
    });
    app.decorate('payments', {
      provider,
      mode: 'stripe',
      webhookSecret: config.webhookSecret,
      secretKey: null,
      sandbox: null,
    });
    dropSandboxJobs(app);
    return;
  }

  if (config.mode === 'unavailable') {
    app.log.warn(UNAVAILABLE_WARNING);
    app.decorate('payments', {
      provider: null,
      mode: 'unavailable',
      webhookSecret: config.webhookSecret ?? '',
      secretKey: null,
      sandbox: null,
    });
    dropSandboxJobs(app);
    return;
  }

  const webhookSecret = config.webhookSecret ?? (await loadOrCreateWebhookSecret(config.webhookSecretFile));
  const keys = sandboxKeys(webhookSecret);
  const sandbox = await mountSandbox(app, { keys, webhookSecret, webhookPath: PAYMENT_WEBHOOK_PATH });
  const stripe = createStripeClient(keys.secretKey, new InjectHttpClient(app, SANDBOX_PATH));
  const provider = new StripePaymentProvider(stripe, {
    mode: 'sandbox',
    publishableKey: keys.publishableKey,
    webhookSecret,
  });
  app.decorate('payments', {
    provider,
    mode: 'sandbox',
    webhookSecret,
    secretKey: keys.secretKey,
    sandbox: { deliverEvent: sandbox.deliverEvent, pauseDelivery: sandbox.pauseDelivery },
  });
  app.log.info('payments: the in-process Stripe sandbox at %s (no real money)', `${SANDBOX_PATH}/v1`);
}

/** Sandbox jobs left in the database from a run without keys have nothing to do with real keys. */
function dropSandboxJobs(app: FastifyInstance): void {
  for (const type of [DELIVER_EVENT_JOB, SETTLE_SEPA_JOB]) {
    app.jobs.register(type, async () => {
      app.log.info({ type }, 'payments: sandbox job dropped (the sandbox is off)');
    });
  }
}
