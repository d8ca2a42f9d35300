import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTRACT_CANCELLATION_API_PATH,
  apiErrorBodySchema,
  contractCancellationBodySchema,
  contractCancellationResponseSchema,
} from '@pet/contract';
import { appLanguageOf } from '../../../http/ui-language.ts';
import { RATE_LIMITS } from '../../../platform/rate-limit.ts';
import type { ContractCancellationService } from './contract-cancellation.ts';

/** POST /v1/contract/cancellation: the public "Verträge hier kündigen" form (§ 312k BGB). */
export const contractCancellationRoutes: FastifyPluginAsyncZod<{
  service: ContractCancellationService;
}> = async (app, { service }) => {
  app.post(
    CONTRACT_CANCELLATION_API_PATH,
    {
      config: { access: 'public' },
      schema: {
        tags: ['subscription'],
        summary: 'Cancel a contract without signing in (§ 312k BGB)',
        description:
          'Open to everyone. Records the declaration and answers when it was received, the same ' +
          'for every e-mail address (no account enumeration). A matching account of the brand has ' +
          'its paid plan cancelled at the end of the paid period, as in the account area; the ' +
          'receipt with date and time and the end date is mailed to the address given. ' +
          `At most ${RATE_LIMITS.contractCancelPerIp.max} per client address and ` +
          `${RATE_LIMITS.contractCancelPerEmail.max} per e-mail address in ` +
          `${RATE_LIMITS.contractCancelPerIp.window / 60} minutes (429).`,
        body: contractCancellationBodySchema,
        response: {
          200: contractCancellationResponseSchema,
          400: apiErrorBodySchema.describe('A field is missing or invalid (its key)'),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text'),
        },
      },
    },
    async (request) =>
      service.declare(request.body, request.brand, appLanguageOf(request.headers), request.ip),
  );
};
