import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  EMERGENCY_DEFAULT_LANGUAGE,
  EMERGENCY_PUBLIC_KEYS,
  emergencyLanguageSchema,
  emergencyPublicQuerySchema,
  translationKeyFor,
} from '@pet/contract';
import { AppError } from '../../platform/errors.ts';
import { pageLanguage } from '../../http/ui-language.ts';
import { requestHeaders } from '../../platform/auth/plugin.ts';
import type { EmergencyService } from './emergency.service.ts';
import { sendPdf } from './emergency.routes.ts';
import { PUBLIC_PAGE_PATH, renderPublicPage, type PublicPageModel } from './public-page.ts';
import { PUBLIC_PAGE_MESSAGE_KEYS, type PublicPageMessageKey } from './public-page.texts.ts';

/**
 * The spec's message for a refused download (account-area section 8): 403 not supported, 429 too
 * many tries; every other failure is an invalid emergency password.
 */
export function refusalMessage(error: unknown): PublicPageMessageKey {
  if (!(error instanceof AppError)) return EMERGENCY_PUBLIC_KEYS.invalidPassword;
  const key = translationKeyFor(error.statusCode, 'emergencyPublic');
  return (PUBLIC_PAGE_MESSAGE_KEYS as readonly string[]).includes(key)
    ? (key as PublicPageMessageKey)
    : EMERGENCY_PUBLIC_KEYS.invalidPassword;
}

function sendPage(reply: FastifyReply, status: number, model: PublicPageModel) {
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // The page differs by language (Accept-Language) and brand (host); an answer with a typed
      // password or a refusal must never be stored.
      .header('cache-control', model.code === undefined ? 'no-cache' : 'no-store')
      .header('vary', 'Accept-Language')
      .send(renderPublicPage(model))
  );
}

/** Form fields arrive as application/x-www-form-urlencoded; a repeated field counts once. */
function formField(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * GET /notfall: the public emergency page, rendered here so a first visit is one small HTML answer
 * that works without JavaScript. POST /notfall: its form; the same service call as
 * GET /v1/emergency/public, answering the PDF or the page again with the refusal's message.
 */
export const emergencyPublicPageRoutes: FastifyPluginAsync<{ service: EmergencyService }> = async (
  app,
  { service },
) => {
  // Only this plugin's routes read HTML form bodies; the API stays JSON and multipart.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(PUBLIC_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    // Signed-out only (account-area section 2): a signed-in user with a verified e-mail goes to /.
    if (request.headers.cookie || request.headers.authorization) {
      const user = await app.identity.getSession(requestHeaders(request)).catch(() => null);
      if (user?.emailVerified && !user.banned) return reply.redirect('/');
    }
    return sendPage(reply, 200, {
      brand: request.brand,
      lang: pageLanguage(request),
      fileLanguage: EMERGENCY_DEFAULT_LANGUAGE,
    });
  });

  app.post(PUBLIC_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const lang = pageLanguage(request);
    const rawCode = formField(request.body, 'activation_code') ?? '';
    const parsed = emergencyPublicQuerySchema.safeParse({
      activation_code: rawCode,
      language: formField(request.body, 'language') || undefined,
    });
    const fileLanguage = emergencyLanguageSchema
      .catch(EMERGENCY_DEFAULT_LANGUAGE)
      .parse(formField(request.body, 'language'));
    const page = (status: number, message: PublicPageMessageKey) =>
      sendPage(reply, status, { brand: request.brand, lang, fileLanguage, message, code: rawCode });
    if (!parsed.success) return page(400, EMERGENCY_PUBLIC_KEYS.required);
    try {
      const file = await service.forCode({
        code: parsed.data.activation_code,
        language: parsed.data.language,
        brand: request.brand,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return sendPdf(reply, file);
    } catch (error) {
      if (!(error instanceof AppError))
        request.log.error({ err: error }, 'public emergency page download failed');
      return page(error instanceof AppError ? error.statusCode : 500, refusalMessage(error));
    }
  });
};
