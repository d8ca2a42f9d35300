import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activationResponseSchema, apiErrorBodySchema, changeApplyBodySchema } from '@pet/contract';
import { requestHeaders, requireUser, signedInUser } from '../../platform/identity/plugin.ts';
import type { IdentityService } from '../identity/identity.service.ts';

/**
 * The subscription page's activation (account-area section 7): the same code rules as
 * POST /v1/auth/verifycode, with the page's field names. Payments and plan changes join this
 * module with the subscription issue.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{ identity: IdentityService }> = async (
  app,
  { identity },
) => {
  app.addHook('preValidation', requireUser);

  app.post(
    '/v1/subscription/change/apply',
    {
      schema: {
        tags: ['subscription'],
        summary: 'Activate a product with an activation code from the subscription page',
        description:
          'Statuses as POST /v1/auth/verifycode; 204 (the page shows Coupon_Not_Found) when no code matches. ' +
          'tracker_ids are needed in the tracker brand when the user has no tracker registered yet.',
        body: changeApplyBodySchema,
        response: {
          200: activationResponseSchema,
          204: z.null().describe('No such code'),
          400: apiErrorBodySchema,
          401: apiErrorBodySchema,
          409: apiErrorBodySchema.describe('GPS_Tracker_Already_Exist'),
          433: apiErrorBodySchema,
          470: apiErrorBodySchema,
          471: apiErrorBodySchema,
          473: apiErrorBodySchema,
          477: apiErrorBodySchema,
          478: apiErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const result = await identity.verifyCode(
        signedInUser(request),
        { code: request.body.activation_code, tracker_ids: request.body.tracker_ids },
        { brand: request.brand, headers: requestHeaders(request), ip: request.ip },
      );
      if (!result) return reply.code(204).send(null);
      return result;
    },
  );
};
