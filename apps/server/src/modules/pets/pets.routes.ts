import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  idQuerySchema,
  messageResponseSchema,
  petCreateBodySchema,
  petIdQuerySchema,
  petSchema,
  petUpdateBodySchema,
  sharePetQuerySchema,
  SHARE_PATHS,
  weightBodySchema,
  weightIdQuerySchema,
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

/**
 * The pet calls of pet-data section 7, and the weight calls of sharing (issue 35). Every call goes
 * through the pet access rule: the owner, or a member whose role allows it.
 */
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

  app.post(
    SHARE_PATHS.weight,
    route(
      {
        summary: 'Add one weight to a pet (owner, co-owner or carer)',
        description:
          'Answers the pet with its weights. A viewer is refused with 403 Share_Role_Forbidden_Text.',
        querystring: sharePetQuerySchema,
        body: weightBodySchema,
      },
      { 200: petSchema },
    ),
    async (request) => service.addWeight(signedInUser(request).id, request.query.pet_id, request.body),
  );

  app.delete(
    SHARE_PATHS.weight,
    route(
      {
        summary: 'Delete one weight of a pet (a carer only their own)',
        description:
          'Answers the pet with its weights. 403 Share_Role_Forbidden_Text for a viewer, ' +
          "Share_Not_Your_Entry_Text for a carer's delete of someone else's weight.",
        querystring: weightIdQuerySchema,
      },
      { 200: petSchema },
    ),
    async (request) => service.deleteWeight(signedInUser(request).id, request.query.weight_id),
  );
};
