import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_ID_HEADER,
  apiErrorBodySchema,
  emergencyPublicQuerySchema,
  emergencyQuerySchema,
} from '@pet/contract';
import { signedInUser } from '../../platform/auth/plugin.ts';
import type { EmergencyFile, EmergencyService } from './emergency.service.ts';
import { cachedRead } from '../../http/read-cache.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';

const FILE =
  'Answers the PDF as an attachment (Emergency_File.pdf for en, Notfallakte.pdf for de; default de), ' +
  'never cached. Rendered off the event loop with a time limit: past it, 503 Failure_Call_Text.';

const RENDER_UNAVAILABLE = apiErrorBodySchema.describe(
  'Failure_Call_Text: rendering took longer than its time limit, or too many PDFs are being rendered',
);

const EMERGENCY_PDF = binaryAnswer('The emergency file', 'application/pdf');

/** Sends the rendered PDF. */
export function sendPdf(reply: FastifyReply, file: EmergencyFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(file.pdf);
}

/** GET /v1/emergency (pet-data section 7) and GET /v1/emergency/public (account-area section 7). */
export const emergencyRoutes: FastifyPluginAsyncZod<{ service: EmergencyService }> = async (
  app,
  { service },
) => {
  app.get(
    '/v1/emergency',
    {
      // The dog brand's emergency file needs an attached product too (471).
      config: { access: 'petData', ...cachedRead },
      schema: {
        tags: ['emergency'],
        summary: "The emergency file of all the signed-in user's pets, or of one (pet_id: owned or shared)",
        description:
          `${FILE} Allowed on a paid (non-default) plan whose activation code type is single (tier-fritz: ` +
          'never on sequence 0).',
        querystring: emergencyQuerySchema,
        response: {
          200: EMERGENCY_PDF,
          401: apiErrorBodySchema.describe('Not signed in'),
          403: apiErrorBodySchema.describe("Share_Role_Forbidden_Text: the member's role does not allow it"),
          404: apiErrorBodySchema.describe('pet_id: no such pet of the user or shared with them'),
          500: apiErrorBodySchema.describe(
            'Download_Not_Allowed_Text: the plan does not allow the download; No_Pet_Text: no pets',
          ),
          503: RENDER_UNAVAILABLE,
        },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.forUser(
          signedInUser(request).id,
          request.brand,
          request.query.language,
          request.query.pet_id,
        ),
      ),
  );

  app.get(
    '/v1/emergency/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['emergency'],
        summary: 'The emergency file of the owner of an emergency password (no sign-in)',
        description:
          `${FILE} The emergency password is the owner's redeemed single activation code (trimmed, any case, ` +
          'with or without dashes). Rate-limited per client address. The apps send their app id header ' +
          `(${APP_ID_HEADER}) on this call instead of the identity header (account-area section 7); the ` +
          "web's /notfall page is served by the server and calls the same service directly.",
        querystring: emergencyPublicQuerySchema,
        // Documented, not required: the file is guarded by the emergency password, not by the app.
        headers: z.object({ [APP_ID_HEADER]: z.string().max(64).optional() }).passthrough(),
        response: {
          200: EMERGENCY_PDF,
          400: apiErrorBodySchema.describe('Emergency_Password_Required_Text: no code given'),
          403: apiErrorBodySchema.describe(
            "Emergency_Not_Supported_Text: the owner's plan has no emergency file",
          ),
          404: apiErrorBodySchema.describe(
            'Emergency_Invalid_Password_Text: unknown, batch or unredeemed code, another brand, or a disabled owner',
          ),
          429: apiErrorBodySchema.describe('Too_Many_Requests_Text'),
          503: RENDER_UNAVAILABLE,
        },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await service.forCode({
          code: request.query.activation_code,
          language: request.query.language,
          brand: request.brand,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        }),
      ),
  );
};
