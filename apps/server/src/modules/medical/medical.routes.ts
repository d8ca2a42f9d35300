import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  MEDICAL_CATEGORIES,
  medicalListResponseSchema,
  medicalRecordSchema,
  medIdQuerySchema,
  messageResponseSchema,
  petIdQuerySchema,
} from '@pet/contract';
import { requireUser, signedInUser } from '../../platform/identity/plugin.ts';
import { gatePetData } from '../plans/product-gate.ts';
import type { MedicalService } from './medical.service.ts';

const errors = {
  400: apiErrorBodySchema.describe(
    'Invalid field: the key names it (Name_Error, Comments_Length_Error, Date_Format_Error, ...)',
  ),
  401: apiErrorBodySchema.describe('Not signed in'),
  404: apiErrorBodySchema.describe('No such pet or record of the signed-in user'),
};

/** The medical calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const medicalRoutes: FastifyPluginAsyncZod<{ service: MedicalService }> = async (app, { service }) => {
  app.addHook('preValidation', requireUser);
  // The dog brand's pet data needs an attached product (answers 471 until then).
  gatePetData(app);

  app.get(
    '/v1/medical/mypetmedicals',
    {
      schema: {
        tags: ['medical'],
        summary: "All of the pet's medical records, every kind, in the order they were added",
        description:
          'Each record answers name, date and medical_type as medical_name, medical_date and medical_medical_type; ' +
          'the client filters by medical_medical_type.',
        querystring: petIdQuerySchema,
        response: { 200: medicalListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(signedInUser(request).id, request.query.pet_id),
  );

  for (const category of MEDICAL_CATEGORIES) {
    const kind = category.medicalType;
    const path = `/v1/medical/${kind}`;

    app.post(
      path,
      {
        schema: {
          tags: ['medical'],
          summary: `Add a ${kind} record to the pet`,
          description:
            `Only the ${kind} fields of the body are stored; the others of the record stay null. Refused with ` +
            "status 500 and Medical_Not_Allowed_Text when the user's plan has no medical allowance (checked in the " +
            'insert transaction).',
          querystring: petIdQuerySchema,
          body: category.createBody,
          response: {
            201: medicalRecordSchema,
            ...errors,
            500: apiErrorBodySchema.describe('The plan does not allow medical data'),
          },
        },
      },
      async (request, reply) => {
        const record = await service.create(
          signedInUser(request).id,
          request.query.pet_id,
          kind,
          request.body,
        );
        return reply.code(201).send(record);
      },
    );

    app.put(
      path,
      {
        schema: {
          tags: ['medical'],
          summary: `Replace the fields of a ${kind} record`,
          description:
            `The ${kind} fields sent are replaced ('' or null clears one); a field left out keeps its value. ` +
            "The record's kind never changes: " +
            `a record of another kind answers 404 on this path. Allowed on every plan, so a user on the free plan ` +
            'keeps control of records added before.',
          querystring: medIdQuerySchema,
          body: category.updateBody.partial(),
          response: { 200: medicalRecordSchema, ...errors },
        },
      },
      async (request) => service.update(signedInUser(request).id, request.query.med_id, kind, request.body),
    );
  }

  app.delete(
    '/v1/medical',
    {
      schema: {
        tags: ['medical'],
        summary: 'Delete a medical record of any kind',
        description: 'Allowed on every plan.',
        querystring: medIdQuerySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.med_id);
      return { message: 'Medical record deleted' };
    },
  );
};
