import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  DATA_EXPORT_DOWNLOAD_PATH,
  DATA_EXPORT_FILE_PATH,
  DATA_EXPORT_PATH,
  dataExportDownloadQuerySchema,
  dataExportStateSchema,
} from '@pet/contract';
import { signedInUser } from '../../platform/auth/plugin.ts';
import { sendStoredFile } from '../../platform/storage/index.ts';
import type { DataExportService } from './account-export.service.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';

const tags = ['data export'];
const ZIP = binaryAnswer('The ZIP (streamed, with Content-Length)', 'application/zip');

/** The full data export's calls (GDPR Art. 20, beyond the spec: issue 17); see account-export.service.ts. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ service: DataExportService }> = async (
  app,
  { service },
) => {
  app.get(
    DATA_EXPORT_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's latest data export: status, progress 0-100, size and expiry",
        response: { 200: dataExportStateSchema },
      },
    },
    async (request) => ({ export: await service.status(signedInUser(request).id) }),
  );

  app.post(
    DATA_EXPORT_PATH,
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start a full data export (a ZIP of every record, file, emergency file and invoice)',
        description:
          'Answers the running export when one is queued or running; otherwise starts a new one (a ' +
          'durable job). When the ZIP is ready the user gets a mail with a download link valid for 7 ' +
          'days. On every plan.',
        response: {
          200: dataExportStateSchema,
          404: apiErrorBodySchema.describe('The account is gone'),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text: too many exports started in an hour'),
        },
      },
    },
    async (request) => ({ export: await service.start(signedInUser(request).id) }),
  );

  app.get(
    DATA_EXPORT_FILE_PATH,
    {
      config: { access: 'user' },
      compress: false,
      schema: {
        tags,
        summary: "The ZIP of the signed-in user's ready export",
        response: {
          200: ZIP,
          404: apiErrorBodySchema.describe('No export ready (none, running or expired)'),
        },
      },
    },
    async (request, reply) => {
      const file = await service.ownFile(signedInUser(request).id);
      return sendStoredFile(reply, app.storage, file.key, { downloadName: file.name });
    },
  );

  app.get(
    DATA_EXPORT_DOWNLOAD_PATH,
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags,
        summary: 'The ZIP of a mailed download link (no sign-in: the token is the secret; 7 days)',
        querystring: dataExportDownloadQuerySchema,
        response: {
          200: ZIP,
          404: apiErrorBodySchema.describe('Unknown, replaced or expired link'),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text'),
        },
      },
    },
    async (request, reply) => {
      const file = await service.fileOfToken(request.query.token, request.ip);
      return sendStoredFile(reply, app.storage, file.key, { downloadName: file.name });
    },
  );
};
