import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  handoverCreateBodySchema,
  handoverLinkIdQuerySchema,
  handoverLinkListSchema,
  handoverLinkSchema,
  handoverTokenSchema,
  petIdQuerySchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { AppError } from '../../platform/errors.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import { pageLanguage } from '../../http/ui-language.ts';
import { sendLinkPage } from '../../http/public-page-shell.ts';
import type { ExportFile, ExportsService } from './pet-records-export.service.ts';
import {
  HANDOVER_PAGE_PREFIX,
  HANDOVER_PDF_SUFFIX,
  renderHandoverMessagePage,
  renderHandoverPage,
} from './handover-page.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';

const PAID_ONLY = apiErrorBodySchema.describe('Paid_Extras_Not_Allowed_Text: the free plan has no exports');
const NO_PET = 'No such pet (or document) of the signed-in user';
const PDF = binaryAnswer('The PDF', 'application/pdf');
const UNAVAILABLE = apiErrorBodySchema.describe('Failure_Call_Text: the PDF could not be made in time');

const sendPdf = (reply: FastifyReply, file: ExportFile) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|"/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(file.pdf);

/** The owner's exports of a pet (beyond the spec, issue 17). */
export const exportsRoutes: FastifyPluginAsyncZod<{ service: ExportsService }> = async (app, { service }) => {
  const route = moduleRoutes(
    'exports',
    ownerScopedErrors('Bad input: a pet id, document ids or a mode that is not valid', NO_PET),
    'petData',
  );

  app.get(
    '/v1/pet/export/record',
    {
      compress: false,
      ...route(
        {
          summary: "The pet's vaccination and medication record (PDF, in the account's language)",
          querystring: petIdQuerySchema,
        },
        { 200: PDF, 500: PAID_ONLY, 503: UNAVAILABLE },
      ),
    },
    async (request, reply) => {
      const file = await service.record(signedInUser(request).id, request.query.pet_id, request.brand);
      return sendPdf(reply, file);
    },
  );

  app.post(
    '/v1/pet/handover',
    {
      compress: false,
      ...route(
        {
          summary:
            'Vet handover: one PDF of a summary page and the chosen documents (mode pdf: 200 with the PDF), ' +
            'or a share link valid for 7 days that makes the PDF on each download (mode link: 201)',
          body: handoverCreateBodySchema,
        },
        {
          200: PDF,
          201: handoverLinkSchema,
          400: apiErrorBodySchema.describe(
            'Bad input, or Handover_Too_Large_Text: the chosen documents are over 100 MB together',
          ),
          500: PAID_ONLY,
          503: UNAVAILABLE,
        },
      ),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { pet_id, document_ids, mode } = request.body;
      if (mode === 'link') {
        return reply.code(201).send(await service.createLink(user.id, pet_id, document_ids, request.brand));
      }
      return sendPdf(reply, await service.handoverPdf(user.id, pet_id, document_ids, request.brand));
    },
  );

  app.get(
    '/v1/pet/handover/links',
    {
      ...route(
        {
          summary: "The pet's share links, newest first (created, expires, status, downloads)",
          querystring: petIdQuerySchema,
        },
        { 200: handoverLinkListSchema },
      ),
    },
    async (request) => service.links(signedInUser(request).id, request.query.pet_id, request.brand),
  );

  app.delete(
    '/v1/pet/handover/link',
    {
      ...route(
        {
          summary: 'Revoke a share link: its page and PDF answer not found from now on',
          querystring: handoverLinkIdQuerySchema,
        },
        {
          200: handoverLinkSchema,
          404: apiErrorBodySchema.describe('No such share link of the signed-in user'),
        },
      ),
    },
    async (request) => service.revoke(signedInUser(request).id, request.query.id, request.brand),
  );
};

/**
 * The share link's public side, without JavaScript: GET /handover/{token} (a small page offering
 * the PDF) and GET /handover/{token}.pdf (the PDF, made now; counted). Unknown, expired and revoked
 * links are the same 404 page.
 */
export const handoverPageRoutes: FastifyPluginAsync<{ service: ExportsService }> = async (
  app,
  { service },
) => {
  const refused = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 429)) {
      const kind = error.statusCode === 404 ? 'notFound' : 'tooMany';
      return sendLinkPage(
        reply,
        error.statusCode,
        renderHandoverMessagePage(request.brand, pageLanguage(request), kind),
      );
    }
    throw error;
  };

  app.get(
    `${HANDOVER_PAGE_PREFIX}/:token`,
    { schema: { hide: true }, compress: false },
    async (request, reply) => {
      const raw = String((request.params as { token?: unknown }).token ?? '');
      const wantsPdf = raw.endsWith(HANDOVER_PDF_SUFFIX);
      const token = handoverTokenSchema.safeParse(wantsPdf ? raw.slice(0, -HANDOVER_PDF_SUFFIX.length) : raw);
      try {
        if (!token.success) throw new AppError(404, 'Not_Found_Text', 'No such share link');
        if (wantsPdf) {
          const file = await service.download(token.data, { ip: request.ip });
          return sendPdf(reply, file)
            .header('referrer-policy', 'no-referrer')
            .header('x-robots-tag', 'noindex');
        }
        const model = await service.openPage(token.data, { ip: request.ip });
        return sendLinkPage(reply, 200, renderHandoverPage(model, pageLanguage(request)));
      } catch (error) {
        return refused(request, reply, error);
      }
    },
  );
};
