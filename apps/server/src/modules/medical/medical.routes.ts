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
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { MedicalService } from './medical.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { createOnce } from '../../http/idempotent-create.ts';

const errors = ownerScopedErrors(
  'Invalid field: the key names it (Name_Error, Comments_Length_Error, Date_Format_Error, ...)',
  'No such pet or record of the signed-in user',
);
const route = moduleRoutes('medical', errors, 'petData');

/** The medical calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const medicalRoutes: FastifyPluginAsyncZod<{ service: MedicalService }> = async (app, { service }) => {
  app.get(
    '/v1/medical/mypetmedicals',
    route(
      {
        summary: "All of the pet's medical records, every kind, in the order they were added",
        description:
          'Each record answers name, date and medical_type as medical_name, medical_date and medical_medical_type; ' +
          'the client filters by medical_medical_type.',
        querystring: petIdQuerySchema,
      },
      { 200: medicalListResponseSchema },
      cachedRead,
    ),
    async (request) => service.list(signedInUser(request).id, request.query.pet_id),
  );

  for (const category of MEDICAL_CATEGORIES) {
    const kind = category.medicalType;
    const path = `/v1/medical/${kind}`;

    app.post(
      path,
      route(
        {
          summary: `Add a ${kind} record to the pet`,
          description:
            `Only the ${kind} fields of the body are stored; the others of the record stay null. Refused with ` +
            "status 500 and Medical_Not_Allowed_Text when the user's plan has no medical allowance (checked in the " +
            'insert transaction).',
          querystring: petIdQuerySchema,
          body: category.createBody,
        },
        {
          201: medicalRecordSchema,
          500: apiErrorBodySchema.describe('The plan does not allow medical data'),
        },
        createOnce,
      ),
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
      route(
        {
          summary: `Replace the fields of a ${kind} record`,
          description:
            `The ${kind} fields sent are replaced ('' or null clears one); a field left out keeps its value. ` +
            "The record's kind never changes: " +
            `a record of another kind answers 404 on this path. Allowed on every plan, so a user on the free plan ` +
            'keeps control of records added before.',
          querystring: medIdQuerySchema,
          body: category.updateBody.partial(),
        },
        { 200: medicalRecordSchema },
      ),
      async (request) => service.update(signedInUser(request).id, request.query.med_id, kind, request.body),
    );
  }

  app.delete(
    '/v1/medical',
    route(
      {
        summary: 'Delete a medical record of any kind',
        description: 'Allowed on every plan.',
        querystring: medIdQuerySchema,
      },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.med_id);
      return { message: 'Medical record deleted' };
    },
  );
};
