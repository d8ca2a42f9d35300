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
import { requireUser, signedInUser } from '../../platform/identity/plugin.ts';
import { gatePetData } from '../plans/product-gate.ts';
import type { PetsService } from './pets.service.ts';

const errors = {
  400: apiErrorBodySchema.describe('Invalid field: the key names it (Pet_Name_Error, Select_Pet_Text, ...)'),
  401: apiErrorBodySchema.describe('Not signed in'),
  404: apiErrorBodySchema.describe('No such pet of the signed-in user'),
};

/** The pet calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const petsRoutes: FastifyPluginAsyncZod<{ service: PetsService }> = async (app, { service }) => {
  app.addHook('preValidation', requireUser);
  // The dog brand's pet data needs an attached product (answers 471 until then).
  gatePetData(app);

  app.get(
    '/v1/pet',
    {
      schema: {
        tags: ['pets'],
        summary: 'One pet with weights and image',
        querystring: petIdQuerySchema,
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) => service.get(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    '/v1/pet',
    {
      schema: {
        tags: ['pets'],
        summary: 'Add a pet',
        description:
          "Refused with status 500 and Free_/Basic_/Premium_Pet_Limit_Reached_Message when the plan's pets_limit " +
          'is reached (checked in the insert transaction, so parallel requests cannot pass it). The dog brand accepts ' +
          'only dogs.',
        body: petCreateBodySchema,
        response: {
          201: petSchema,
          ...errors,
          500: apiErrorBodySchema.describe('Pet limit of the plan reached'),
        },
      },
    },
    async (request, reply) => {
      const pet = await service.create(signedInUser(request).id, request.brand, request.body);
      return reply.code(201).send(pet);
    },
  );

  app.put(
    '/v1/pet',
    {
      schema: {
        tags: ['pets'],
        summary: 'Update a pet (weights, when sent, replace the stored list)',
        querystring: idQuerySchema,
        body: petUpdateBodySchema,
        response: { 200: petSchema, ...errors },
      },
    },
    async (request) =>
      service.update(signedInUser(request).id, request.brand, request.query.id, request.body),
  );

  app.delete(
    '/v1/pet',
    {
      schema: {
        tags: ['pets'],
        summary: 'Delete a pet with all its data and files',
        querystring: idQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.id);
      return { message: 'Pet deleted' };
    },
  );
};
