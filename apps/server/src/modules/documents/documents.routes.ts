import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorBodySchema,
  docIdQuerySchema,
  documentCreateBodySchema,
  documentListResponseSchema,
  documentSchema,
  documentUpdateBodySchema,
  messageResponseSchema,
  petIdQuerySchema,
  uploadDocumentQuerySchema,
  uploadDocumentResponseSchema,
} from '@pet/contract';
import { moduleAccess, moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import { DOCUMENT_FILE_PATH, DOCUMENT_THUMBNAIL_PATH, type DocumentsService } from './documents.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { acceptMultipartUploads } from '../../platform/uploads/multipart.ts';
import { createOnce } from '../../http/idempotent-create.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';
import { DOCUMENT_MEDIA_TYPES } from '../../platform/uploads/file-types.ts';

const errors = ownerScopedErrors(
  'Invalid field: the key names it',
  'No such pet or document of the signed-in user',
);
const route = moduleRoutes('documents', errors, 'petData');
const access = moduleAccess(errors, 'petData');
const limitError = {
  500: apiErrorBodySchema.describe(
    "Basic_ or Premium_Document_Limit_Reached_Message: the plan's documents_limit is reached",
  ),
};

/** Document safe and vet findings (pet-data section 7). Every call is scoped to the signed-in owner. */
export const documentsRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (
  app,
  { service },
) => {
  // The one multipart route of this module, in a scope of its own (platform/uploads/multipart.ts).
  await app.register(async (uploads) => {
    await acceptMultipartUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/v1/upload/document',
      route(
        {
          summary: 'Upload up to 5 files (25 MB each) for a document of the pet',
          description:
            'multipart/form-data with file parts (any field name). Streams to storage; the type is decided by the ' +
            'bytes (images, pdf, docx, doc, txt, rtf, odt, dotx, dot, dotm, docm, wps, csv, dbf, dif, xls). Refused ' +
            'while streaming: a 6th file (To_Many_Files_Error_Text), a file over 26214400 bytes ' +
            '(File_Too_Large_Error_Text), another type (File_Type_Error_Text); a refused or aborted upload leaves no ' +
            'file. Answers doc_url entries to send to POST /v1/document within 24 hours (unclaimed files are removed).',
          querystring: uploadDocumentQuerySchema,
          consumes: ['multipart/form-data'],
        },
        { 201: uploadDocumentResponseSchema, ...limitError },
        createOnce,
      ),
      async (request, reply) => {
        const user = signedInUser(request);
        const doc_url = await service.upload(user.id, request.query.pet_id, request.files());
        return reply.code(201).send({ doc_url });
      },
    );
  });

  app.get(
    '/v1/document/mydocs',
    route(
      {
        summary: "The pet's documents, newest first",
        querystring: petIdQuerySchema,
      },
      { 200: documentListResponseSchema },
      cachedRead,
    ),
    async (request) => service.list(signedInUser(request).id, request.query.pet_id),
  );

  app.post(
    '/v1/document',
    route(
      {
        summary: 'Create a document from uploaded files',
        description:
          "documents_limit counts all of the user's documents and is checked in the insert transaction.",
        querystring: petIdQuerySchema,
        body: documentCreateBodySchema,
      },
      { 201: documentSchema, ...limitError },
      createOnce,
    ),
    async (request, reply) => {
      const document = await service.create(signedInUser(request).id, request.query.pet_id, request.body);
      return reply.code(201).send(document);
    },
  );

  app.put(
    '/v1/document',
    route(
      {
        summary: 'Change the description (the only editable field)',
        querystring: docIdQuerySchema,
        body: documentUpdateBodySchema,
      },
      { 200: documentSchema },
    ),
    async (request) =>
      service.updateDescription(signedInUser(request).id, request.query.doc_id, request.body.description),
  );

  app.delete(
    '/v1/document',
    route(
      {
        summary: 'Delete a document and its files',
        querystring: docIdQuerySchema,
      },
      { 200: messageResponseSchema },
    ),
    async (request) => {
      await service.delete(signedInUser(request).id, request.query.doc_id);
      return { message: 'Document deleted' };
    },
  );

  app.get(
    DOCUMENT_FILE_PATH,
    {
      // A streamed file download: its bytes and Content-Length as stored.
      compress: false,
      config: access,
      schema: {
        tags: ['documents'],
        summary: 'Download one file of a document (the url of a doc_url entry)',
        description:
          'Owner-checked. Sent as an attachment with a server-chosen name and nosniff; `inline=1` shows images and ' +
          'PDFs in the app (other types stay attachments).',
        querystring: z.object({ file_id: z.string().min(1), inline: z.enum(['0', '1']).optional() }),
        response: {
          200: binaryAnswer(
            'The file, as stored (the type its bytes were detected as)',
            ...DOCUMENT_MEDIA_TYPES,
          ),
          401: errors[401],
          404: errors[404],
        },
      },
    },
    async (request, reply) =>
      service.sendFile(reply, signedInUser(request).id, request.query.file_id, request.query.inline === '1'),
  );

  app.get(
    DOCUMENT_THUMBNAIL_PATH,
    {
      compress: false,
      config: access,
      schema: {
        tags: ['documents'],
        summary: 'The thumbnail of one file of a document (our addition; not in the spec)',
        description:
          'Owner-checked, like /v1/document/file with the same file_id. A WebP image at most 240 px wide made once at ' +
          'upload: the first page of a PDF, or the image itself scaled. 404 when the file has none (office and text ' +
          'files, or a file that could not be drawn): show the type icon then.',
        querystring: z.object({ file_id: z.string().min(1) }),
        response: {
          200: binaryAnswer('The thumbnail', 'image/webp'),
          401: errors[401],
          404: errors[404],
        },
      },
    },
    async (request, reply) => service.sendThumbnail(reply, signedInUser(request).id, request.query.file_id),
  );
};
