import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressBodySchema,
  apiErrorBodySchema,
  idQuerySchema,
  messageResponseSchema,
  userIdQuerySchema,
} from '@pet/contract';
import { moduleAccess } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { AccountService } from './account.service.ts';

const errors = {
  400: apiErrorBodySchema.describe('Invalid field'),
  401: apiErrorBodySchema.describe('Not signed in'),
  404: apiErrorBodySchema.describe('The id is not the signed-in user'),
};
const access = moduleAccess(errors, 'user');

/** Address and account deletion (account-area section 7). */
export const accountRoutes: FastifyPluginAsyncZod<{ service: AccountService }> = async (app, { service }) => {
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/user/update',
      config: access,
      schema: {
        tags: ['account'],
        summary: 'Save the delivery address of the signed-in user (id must be their own)',
        querystring: idQuerySchema,
        body: addressBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await service.updateAddress(signedInUser(request).id, request.query.id, request.body);
        return { message: 'Address saved' };
      },
    });
  }

  for (const method of ['POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/v1/auth/deleteuseracc',
      config: access,
      schema: {
        tags: ['account'],
        summary: 'Delete the signed-in account (user_id must be their own)',
        description:
          'From now on the account cannot sign in and every session of it (this one included) ends; within 24 hours a ' +
          'durable job removes every row and stored file of the user.',
        querystring: userIdQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await service.requestDeletion(signedInUser(request).id, request.query.user_id);
        return { message: 'Account deletion scheduled' };
      },
    });
  }
};
