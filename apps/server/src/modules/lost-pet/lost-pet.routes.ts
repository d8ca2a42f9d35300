import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorBodySchema,
  finderReportFormSchema,
  messageResponseSchema,
  petIdQuerySchema,
  petTagActivitySchema,
  petTagSchema,
  petTagTokenSchema,
  petTagUpdateSchema,
  signupLanguageSchema,
} from '@pet/contract';
import { moduleRoutes, ownerScopedErrors } from '../../http/route-helpers.ts';
import { AppError } from '../../platform/errors.ts';
import { signedInUser } from '../../platform/auth/plugin.ts';
import { pageLanguage } from '../../http/ui-language.ts';
import { sendLinkPage } from '../../http/public-page-shell.ts';
import {
  FINDER_FORM_ERRORS,
  FOUND_PAGE_PREFIX,
  LOCATE_SCRIPT,
  LOCATE_SCRIPT_PATH,
  renderFoundPage,
  type FinderFormError,
  type FoundPageState,
} from './found-page.ts';
import type { FoundPageModel, LostPetService } from './lost-pet.service.ts';
import { binaryAnswer } from '../../http/binary-answer.ts';

const PAID_ONLY = apiErrorBodySchema.describe(
  'Paid_Extras_Not_Allowed_Text: the free plan has no lost-pet tag',
);
const NO_PET = 'No such pet of the signed-in user (or, for the sheet, no tag switched on)';

/** The owner's calls for the lost-pet tag of a pet (beyond the spec, issue 17). */
export const lostPetRoutes: FastifyPluginAsyncZod<{ service: LostPetService }> = async (app, { service }) => {
  const route = moduleRoutes(
    'lost-pet tag',
    ownerScopedErrors('Bad input: a pet id or tag fields that are not valid', NO_PET),
    'user',
  );

  app.get(
    '/v1/pet/tag',
    {
      ...route(
        {
          summary: "The pet's lost-pet tag: its public address and what the page shows",
          querystring: petIdQuerySchema,
        },
        { 200: petTagSchema },
      ),
    },
    async (request) => service.get(signedInUser(request).id, request.query.pet_id, request.brand),
  );

  app.put(
    '/v1/pet/tag',
    {
      ...route(
        {
          summary:
            'Change what the tag page shows (the first change makes the tag); left-out fields are kept',
          querystring: petIdQuerySchema,
          body: petTagUpdateSchema,
        },
        { 200: petTagSchema, 500: PAID_ONLY },
      ),
    },
    async (request) =>
      service.update(signedInUser(request).id, request.query.pet_id, request.body, request.brand),
  );

  app.post(
    '/v1/pet/tag/regenerate',
    {
      ...route(
        {
          summary: 'A new tag address: printed tags stop working at once (switches the tag on)',
          querystring: petIdQuerySchema,
        },
        { 200: petTagSchema, 500: PAID_ONLY },
      ),
    },
    async (request) => service.regenerate(signedInUser(request).id, request.query.pet_id, request.brand),
  );

  app.delete(
    '/v1/pet/tag',
    {
      ...route(
        {
          summary: 'Switch the tag off: its page answers not found until switched on again',
          querystring: petIdQuerySchema,
        },
        { 200: messageResponseSchema },
      ),
    },
    async (request) => {
      await service.switchOff(signedInUser(request).id, request.query.pet_id);
      return { message: 'Tag switched off' };
    },
  );

  app.get(
    '/v1/pet/tag/pdf',
    {
      ...route(
        {
          summary: 'The printable tag sheet (A4: wallet cards and round collar stickers with the QR code)',
          querystring: petIdQuerySchema.extend({ language: signupLanguageSchema.optional() }),
        },
        {
          200: binaryAnswer('The tag sheet', 'application/pdf'),
          500: PAID_ONLY,
          503: apiErrorBodySchema.describe('Failure_Call_Text: the PDF could not be rendered in time'),
        },
      ),
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const pdf = await service.sheet(
        user.id,
        request.query.pet_id,
        request.query.language ?? 'de',
        request.brand,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="lost-pet-tag.pdf"')
        .send(pdf);
    },
  );

  app.get(
    '/v1/pet/tag/activity',
    {
      ...route(
        {
          summary: "The tag page's openings, the owner's public emergency downloads and finders' messages",
          querystring: petIdQuerySchema,
        },
        { 200: petTagActivitySchema },
      ),
    },
    async (request) => service.activity(signedInUser(request).id, request.query.pet_id),
  );
};

/**
 * The finder's side: GET /found/{tag} (the page the QR code opens) and POST /found/{tag} (its
 * message form, a plain HTML form), both without JavaScript. An unknown, switched-off or unpaid tag
 * is a plain 404 page: nothing tells a guesser whether a tag ever existed.
 */
export const foundPageRoutes: FastifyPluginAsync<{ service: LostPetService }> = async (app, { service }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(LOCATE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(LOCATE_SCRIPT),
  );

  const sendPage = (reply: FastifyReply, status: number, model: FoundPageModel, state: FoundPageState) =>
    sendLinkPage(reply, status, renderFoundPage(model, state));

  const notFoundPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not found</title></head><body style="font-family:system-ui,sans-serif;padding:40px"><h1>Not found · Nicht gefunden</h1><p>This tag is not active. · Diese Fundmarke ist nicht aktiv.</p></body></html>',
      );

  const tokenOf = (params: unknown) => petTagTokenSchema.safeParse((params as { tag?: unknown }).tag);

  app.get(`${FOUND_PAGE_PREFIX}/:tag`, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.params);
    if (!token.success) return notFoundPage(reply);
    try {
      const model = await service.openPage(token.data, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return sendPage(reply, 200, model, { lang: pageLanguage(request) });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notFoundPage(reply);
      throw error;
    }
  });

  app.post(`${FOUND_PAGE_PREFIX}/:tag`, { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.params);
    if (!token.success) return notFoundPage(reply);
    const lang = pageLanguage(request);
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const form = { message: body.message, phone: body.phone };
    const parsed = finderReportFormSchema.safeParse({
      ...form,
      latitude: body.latitude || undefined,
      longitude: body.longitude || undefined,
    });
    let state: FoundPageState = { lang, sent: true };
    let status = 200;
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message;
      state = {
        lang,
        form,
        error: FINDER_FORM_ERRORS.includes(key as FinderFormError)
          ? (key as FinderFormError)
          : 'Finder_Message_Required',
      };
      status = 400;
    } else {
      try {
        await service.report(token.data, parsed.data, { ip: request.ip });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.statusCode === 404) return notFoundPage(reply);
        if (error.statusCode !== 429) throw error;
        state = { lang, form, error: 'Too_Many_Requests_Text' };
        status = 429;
      }
    }
    try {
      return sendPage(reply, status, await service.pageAfterReport(token.data), state);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) return notFoundPage(reply);
      throw error;
    }
  });
};
