import fp from 'fastify-plugin';
import type {
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  preValidationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { addRouteHook } from './route-hooks.ts';

/**
 * Who may call a route, declared on every documented /v1 route (`config.access`, set by
 * moduleRoutes or written out) and turned into the route's guards in one place, routeAccessPlugin:
 * - `public`: anyone (sign-in pages, webhooks, public pages, the config);
 * - `user`: a signed-in, verified, not banned user of the request's brand (401, 438);
 * - `petData`: such a user, and on the dog brand one with an attached product (471);
 * - `local`: a client on this machine only (the dev tools, never registered in production), 403
 *   to any other before the request is read.
 */
export type Access = 'public' | 'user' | 'petData' | 'local';

/** Whether a route of this access level is answered only to a signed-in user (requireUser passed). */
export function requiresSignIn(access: Access | undefined): access is 'user' | 'petData' {
  return access === 'user' || access === 'petData';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route (http/route-access.ts). Every documented /v1 route declares it. */
    access?: Access;
    /**
     * The guards run after input validation (preHandler), so malformed input answers 400 before a
     * missing session answers 401: the order the identity routes have always answered in.
     */
    accessAfterValidation?: true;
    /**
     * `module`: the route's module lists its own sign-in answers (its standard errors describe
     * 401), so the OpenAPI document adds none (set by moduleRoutes; these modules do not list 438).
     */
    signInAnswers?: 'module';
    /** A `local` route's tool as its 403 names it ("The dev clock"). */
    localTool?: string;
    /** A pet-data route's product gate applies only to some of its requests (a pet photo, not the avatar). */
    petDataWhen?: (request: FastifyRequest) => boolean;
  }
}

/** The guard of each restricted level, in the order they run, and the answers they add to the document. */
export interface AccessGuards {
  /** requireUser (platform/auth). */
  signedIn: preValidationAsyncHookHandler;
  /** The product gate (modules/plans): the dog brand's pet data needs an attached product. */
  attachedProduct: preValidationAsyncHookHandler;
  /** The product gate's answer (471) as every pet-data route documents it. */
  attachedProductAnswers: Record<number, unknown>;
  /** The guard of a `local` route: 403 to a client not on this machine (`tool` names the route's tool). */
  localClient: (tool: string) => onRequestAsyncHookHandler;
}

/**
 * Gives every route the guards of its access level, as route hooks run before the route's own
 * (preValidation, or preHandler with `accessAfterValidation`; onRequest for `local`). Register before the routes. A
 * documented /v1 route without an access level is refused at start-up: none is open by omission.
 */
export const routeAccessPlugin = fp<AccessGuards>(
  async (app, guards) => {
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access === undefined) {
        const documented = !(route.schema as { hide?: boolean } | undefined)?.hide;
        if (documented && route.url.startsWith('/v1/'))
          throw new Error(`${String(route.method)} ${route.url} declares no access level`);
        return;
      }
      if (access === 'local') {
        addRouteHook(route, 'onRequest', guards.localClient(route.config?.localTool ?? 'This tool'), 'first');
        return;
      }
      if (!requiresSignIn(access)) return;
      const stage = route.config?.accessAfterValidation ? 'preHandler' : 'preValidation';
      if (access === 'petData') {
        const applies = route.config?.petDataWhen;
        const gate: preValidationAsyncHookHandler = applies
          ? async function attachedProductWhen(request, reply) {
              if (applies(request)) await guards.attachedProduct.call(this, request, reply);
            }
          : guards.attachedProduct;
        addRouteHook(route, stage, gate, 'first');
        documentAnswers(route, guards.attachedProductAnswers);
      }
      // First of all: a signed-out call answers 401 before any other check.
      addRouteHook(route, stage, guards.signedIn, 'first');
    });
  },
  { name: 'route-access' },
);

function documentAnswers(route: RouteOptions, answers: Record<number, unknown>): void {
  const schema = route.schema as FastifySchema | undefined;
  route.schema = { ...schema, response: { ...(schema?.response as object | undefined), ...answers } };
}
