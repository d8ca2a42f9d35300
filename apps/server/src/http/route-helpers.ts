import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { z } from 'zod';
import { apiErrorBodySchema } from '@pet/contract';
import type { BinaryAnswer } from './binary-answer.ts';

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
    404: apiErrorBodySchema.describe(notFound),
  };
}

/**
 * The schema factory of one module's routes: each route gets the module's OpenAPI tag, its docs and
 * its answers after the module's standard errors (a route's own answer for a status wins). The
 * result is the route options' `schema`, typed from the zod schemas as written, so the type
 * provider still types `request.query`, `request.body` and the reply.
 *
 * `route({ summary, querystring: petIdQuerySchema }, { 200: contactListResponseSchema })`; a third
 * argument is the route's `config` (`cachedRead`, http/read-cache.ts).
 */
export function moduleRoutes<const E extends Responses>(tag: string, errors: E) {
  return <const D extends RouteDocs, const R extends Responses>(
    docs: D,
    responses: R,
    config: FastifyContextConfig = {},
  ) => ({
    schema: { tags: [tag], ...docs, response: { ...errors, ...responses } },
    config,
  });
}
