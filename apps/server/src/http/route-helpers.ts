import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { apiErrorBodySchema } from '@pet/contract';
import type { BinaryAnswer } from './binary-answer.ts';
import type { Access } from './route-access.ts';

/** The answers of a route that are not errors, by status: `{ 200: petSchema }`, `{ 201: contactSchema }`. */
type Responses = Record<number, z.ZodType | BinaryAnswer>;

/** What a route says about itself in the OpenAPI document besides its answers. */
export interface RouteDocs extends Omit<FastifySchema, 'response' | 'tags'> {
  summary: string;
  description?: string;
}

/**
 * The error answers every route of an owner-scoped module declares: 400 (the key names the field;
 * `invalid` lists the module's keys), 401 when not signed in, and 404 for an id that is not the
 * signed-in owner's (`notFound` names what).
 */
export function ownerScopedErrors(invalid: string, notFound: string) {
  return {
    400: apiErrorBodySchema.describe(invalid),
    401: apiErrorBodySchema.describe('Not signed in'),
    // Pet data is reached through the one access rule (modules/pets/pet-access.ts).
    403: apiErrorBodySchema.describe(
      "Share_Role_Forbidden_Text: the member's role on the pet does not allow this; " +
        "Share_Not_Your_Entry_Text: a carer's change of someone else's entry",
    ),
    404: apiErrorBodySchema.describe(notFound),
  };
}

/**
 * The route options of one module's routes: each route gets the module's OpenAPI tag, its docs,
 * its answers after the module's standard errors (a route's own answer for a status wins) and the
 * module's access level (http/route-access.ts), which decides its guards. The `schema` is typed
 * from the zod schemas as written, so the type provider still types `request.query`,
 * `request.body` and the reply.
 *
 * `route({ summary, querystring: petIdQuerySchema }, { 200: contactListResponseSchema })`; a third
 * argument is more of the route's `config` (`cachedRead`, http/read-cache.ts).
 */
export function moduleRoutes<const E extends Responses>(tag: string, errors: E, access: Access) {
  return <const D extends RouteDocs, const R extends Responses>(
    docs: D,
    responses: R,
    config: FastifyContextConfig = {},
  ) => ({
    schema: { tags: [tag], ...docs, response: { ...errors, ...responses } },
    config: { ...moduleAccess(errors, access), ...config },
  });
}

/**
 * The `config` that gives a route its module's access level, for a route whose schema is written
 * out instead of made by moduleRoutes. A module whose standard errors describe 401 documents its
 * signed-in answers itself: the OpenAPI document adds no 401/438 to its routes (http/openapi.ts).
 */
export function moduleAccess(errors: Responses, access: Access): FastifyContextConfig {
  return 401 in errors ? { access, signInAnswers: 'module' } : { access };
}
