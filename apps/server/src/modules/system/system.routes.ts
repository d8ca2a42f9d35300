import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicConfigSchema, SEPA_PRENOTIFICATION_DEFAULT_DAYS } from '@pet/contract';
import { isDatabaseReachable } from '../../db/database.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export interface SystemRoutesOptions {
  publicUrl: string;
  version: string;
  /** Sign-in options the web shows (Google only when configured). */
  identity?: { google: boolean; magicLink: boolean };
  /** Which payment fields the web shows: the sandbox's or Stripe's Elements with this key. */
  payments?: {
    provider: 'sandbox' | 'stripe';
    publishableKey: string | null;
    sepaPrenotificationDays: number;
  };
}

/** Liveness, readiness and the brand configuration the SPA loads at start. */
export const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, options) => {
  app.get('/healthz', { schema: { hide: true, response: { 200: healthSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const ready = await isDatabaseReachable(app.db);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable' });
    },
  );

  const configAnswers = new Map<string, string>();
  app.get(
    '/v1/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Brand and deployment configuration for the web app (brand from the host name)',
        response: { 200: publicConfigSchema },
      },
    },
    async (request, reply) => {
      // The answer depends only on the brand: serialized once per brand (the web loads it first
      // on every visit).
      let body = configAnswers.get(request.brand.id);
      if (body === undefined) {
        body = String(
          reply.serialize({
            brand: request.brand,
            identity: options.identity ?? { google: false, magicLink: false },
            payments: options.payments ?? {
              provider: 'sandbox' as const,
              publishableKey: null,
              sepaPrenotificationDays: SEPA_PRENOTIFICATION_DEFAULT_DAYS,
            },
            publicUrl: options.publicUrl,
            version: options.version,
          }),
        );
        configAnswers.set(request.brand.id, body);
      }
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
