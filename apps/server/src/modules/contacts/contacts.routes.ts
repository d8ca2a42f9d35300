import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contactBodySchema,
  contactUpdateBodySchema,
  contactIdQuerySchema,
  contactListResponseSchema,
  contactSchema,
  messageResponseSchema,
  petIdQuerySchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { ContactsService } from './contacts.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { createOnce } from '../../http/idempotent-create.ts';

const route = moduleRoutes(
  'contacts',
  ownerScopedErrors(
    'Invalid field: the key names it (Name_Error, Phone_Error, Contact_type_Error, Email_Format_Error, Country_Error, Date_Format_Error)',
    'No such pet or contact of the signed-in user',
  ),
  'petData',
);

const FIELDS =
  'country is an ISO 3166-1 alpha-2 code; email, when given, must be valid (trimmed); blank optional texts are ' +
  'stored and answered as null. doctor_since (the form field vet_since) is kept for contact_type Vet only and ' +
  'answered null for every other type.';

/** The contact calls of pet-data section 7. Every call is scoped to the signed-in owner. */
export const contactsRoutes: FastifyPluginAsyncZod<{ service: ContactsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/contact/mycontacts',
    route(
      { summary: "The pet's contacts, in the order they were added", querystring: petIdQuerySchema },
      { 200: contactListResponseSchema },
      cachedRead,
    ),
    async (request) => service.list(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    '/v1/contact',
    route(
      {
        summary: 'Add a contact to the pet',
        description: FIELDS,
        querystring: petIdQuerySchema,
        body: contactBodySchema,
      },
      { 201: contactSchema },
      createOnce,
    ),
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(signedInUser(request).id, request.query.pet_id, request.body)),
  );

  app.put(
    '/v1/contact',
    route(
      {
        summary: 'Replace every field of a contact; answers the contact with its id',
        description: FIELDS,
        querystring: contactIdQuerySchema,
        body: contactUpdateBodySchema,
      },
      { 200: contactSchema },
    ),
    async (request) => service.update(signedInUser(request).id, request.query.contact_id, request.body),
  );

  app.delete(
    '/v1/contact',
    route(
      {
        summary: 'Delete a contact',
        description:
          'Not shown in the spec; chosen in the style of DELETE /v1/document?doc_id= and DELETE /v1/medical?med_id=.',
        querystring: contactIdQuerySchema,
      },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.contact_id);
      return { message: 'Contact deleted' };
    },
  );
};
