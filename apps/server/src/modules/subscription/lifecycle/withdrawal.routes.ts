import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WITHDRAWAL_API_PATH,
  WITHDRAWAL_DAYS,
  apiErrorBodySchema,
  withdrawalResponseSchema,
  withdrawalStatusSchema,
} from '@pet/contract';
import { signedInUser } from '../../../platform/auth/plugin.ts';
import type { WithdrawalService } from './withdrawal.ts';

/** The account area's withdrawal (Widerruf, issue 33.16); the public form is contract-cancellation. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ service: WithdrawalService }> = async (
  app,
  { service },
) => {
  app.get(
    WITHDRAWAL_API_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary: `Whether the plan can be withdrawn from (${WITHDRAWAL_DAYS} days from its purchase)`,
        response: { 200: withdrawalStatusSchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => service.status(signedInUser(request).id),
  );
  app.post(
    WITHDRAWAL_API_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags: ['subscription'],
        summary:
          'Withdraw from the purchase: the plan ends at once, the refund and its correction invoice follow',
        description:
          'With the buyer’s request at checkout to start at once only the unused share is refunded ' +
          '(§ 357a BGB), else everything. 400 Withdrawal_Not_Possible_Text after the 14 days, for a ' +
          'renewal or with nothing paid.',
        response: { 200: withdrawalResponseSchema, 400: apiErrorBodySchema, 401: apiErrorBodySchema },
      },
    },
    async (request) => service.withdraw(signedInUser(request).id),
  );
};
