import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_LOG_MAX_BODY_BYTES,
  CLIENT_LOG_PATH,
  apiErrorBodySchema,
  clientLogBodySchema,
} from '@pet/contract';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit.ts';
import { redactPersonalData } from './redact.ts';

export interface ClientLogRoutesOptions {
  limiter: RateLimiter;
  /** Where reports are written (the app's logger). */
  logger: FastifyBaseLogger;
}

/**
 * POST /v1/logging: the spec's logging POST (log, platform, error), sent by the apps on failures.
 * Open to signed-out clients (a sign-in can fail too) and therefore capped: 8 KB per body (413),
 * a per-address rate limit counted on every attempt (429), and the text is redacted
 * (redact.ts) before the one warn line is written. Nothing is stored; the user is not logged.
 */
export const clientLogRoutes: FastifyPluginAsyncZod<ClientLogRoutesOptions> = async (app, options) => {
  app.post(
    CLIENT_LOG_PATH,
    {
      config: { access: 'public' },
      bodyLimit: CLIENT_LOG_MAX_BODY_BYTES,
      // Before the body is read: a flood of oversized or invalid reports counts too.
      onRequest: async (request) => {
        await options.limiter.enforce([`clientlog:ip:${request.ip}`, RATE_LIMITS.clientLogPerIp]);
      },
      schema: {
        tags: ['system'],
        summary: "The apps' failure report (the spec's logging POST)",
        description:
          'Sent by the web and mobile apps when a call fails (account-area section 7: log, platform, ' +
          `error). No sign-in needed. At most ${CLIENT_LOG_MAX_BODY_BYTES} bytes (413 above) and ` +
          `${RATE_LIMITS.clientLogPerIp.max} reports a minute per client address (429). E-mail ` +
          'addresses, tokens, codes and other personal data are removed before the report is logged; ' +
          'nothing is stored.',
        body: clientLogBodySchema,
        response: {
          204: z.null().describe('Logged'),
          400: apiErrorBodySchema.describe('Bad_Request_Text: a field is missing or too long'),
          413: apiErrorBodySchema.describe('The body is larger than the cap'),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text'),
        },
      },
    },
    async (request, reply) => {
      const { log, platform, error } = request.body;
      options.logger.warn(
        {
          reqId: request.id,
          clientReport: {
            platform,
            log: redactPersonalData(log),
            error: redactPersonalData(error),
          },
        },
        'client failure report',
      );
      return reply.code(204).send(null);
    },
  );
};
