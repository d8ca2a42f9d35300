import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBodySchema } from '@pet/contract';
import { badRequest, withStatus } from '../../../platform/errors.ts';
import { WebhookSignatureError } from '../../../platform/payments/stripe-provider.ts';
import type { PaymentProvider } from '../../../platform/payments/types.ts';
import type { SubscriptionService } from '../subscription.service.ts';
import type { WebhookFaults } from './webhook-faults.ts';

/**
 * POST /v1/subscription/webhook: the payment provider's events (Stripe, or the sandbox that
 * signs the same way). The signature is checked on the exact bytes received, so this plugin
 * keeps JSON bodies raw. A 2xx tells the sender the event is handled; anything else makes it
 * deliver again later, which the service's idempotency makes safe.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{
  provider: PaymentProvider | null;
  service: SubscriptionService;
  /** Test seam (webhook-faults.ts); null in production. */
  faults: WebhookFaults | null;
}> = async (app, { provider, service, faults }) => {
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/v1/subscription/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscription'],
        summary: "The payment provider's signed events (Stripe's webhook scheme)",
        description:
          'Verified with the Stripe-Signature header (300 s tolerance); idempotent by event id. ' +
          '400 for a bad signature, 503 when no provider is configured.',
        headers: z.object({ 'stripe-signature': z.string().optional() }).passthrough(),
        response: {
          200: z.object({ received: z.boolean(), duplicate: z.boolean() }),
          400: apiErrorBodySchema,
          503: apiErrorBodySchema,
        },
      },
    },
    async (request) => {
      if (!provider) throw withStatus(503, 'Payments_Unavailable_Text', 'No payment provider is configured');
      let event;
      try {
        event = provider.verifyWebhook(request.body as Buffer, request.headers['stripe-signature']);
      } catch (err) {
        // Anything but a bad signature is ours to fix: a 500 makes the sender deliver it again.
        if (!(err instanceof WebhookSignatureError)) throw err;
        request.log.warn({ err }, 'webhook refused: signature not valid');
        throw badRequest('Bad_Request_Text', 'stripe-signature', 'The webhook signature is not valid');
      }
      const fault = faults?.inject;
      fault?.(event, 'received');
      const { duplicate } = await service.handleEvent(
        event,
        fault ? () => fault(event, 'applied') : undefined,
      );
      fault?.(event, 'recorded');
      return { received: true, duplicate };
    },
  );
};
