import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  idQuerySchema,
  messageResponseSchema,
  petCreateBodySchema,
  petIdQuerySchema,
  petSchema,
  petUpdateBodySchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { PetsService } from './pets.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { createOnce } from '../../http/idempotent-create.ts';

const errors = ownerScopedErrors(
  'Invalid field: the key names it (Pet_Name_Error, Select_Pet_Text, ...)',
  'No such pet of the signed-in user',
);
const route = moduleRoutes('pets', errors, 'petData');

/** The pet calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const petsRoutes: FastifyPluginAsyncZod<{ service: PetsService }> = async (app, { service }) => {
  app.get(
    '/v1/pet',
    route(
      {
        summary: 'One pet with weights and image',
        querystring: petIdQuerySchema,
      },
      { 200: petSchema },
      cachedRead,
    ),
    async (request) => service.get(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    '/v1/pet',
    route(
      {
        summary: 'Add a pet',
        description:
          "Refused with status 500 and Free_/Basic_/Premium_Pet_Limit_Reached_Message when the plan's pets_limit " +
          'is reached (checked in the insert transaction, so parallel requests cannot pass it). The dog brand accepts ' +
          'only dogs.',
        body: petCreateBodySchema,
      },
      {
        201: petSchema,
        500: apiErrorBodySchema.describe('Pet limit of the plan reached'),
      },
      createOnce,
    ),
    async (request, reply) => {
      const pet = await service.create(signedInUser(request).id, request.brand, request.body);
      return reply.code(201).send(pet);
    },
  );

  app.put(
    '/v1/pet',
    route(
      {
        summary: 'Update a pet (weights, when sent, replace the stored list)',
        querystring: idQuerySchema,
        body: petUpdateBodySchema,
      },
      { 200: petSchema },
    ),
    async (request) =>
      service.update(signedInUser(request).id, request.brand, request.query.id, request.body),
  );

  app.delete(
    '/v1/pet',
    route(
      {
        summary: 'Delete a pet with all its data and files',
        querystring: idQuerySchema,
      },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.id);
      return { message: 'Pet deleted' };
    },
  );
};
