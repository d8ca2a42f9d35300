import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import qs from 'qs';
import type { RequestInfo, SandboxEngine } from '../engine/engine.ts';
import { SandboxApiError, unauthorized } from '../errors.ts';
import { listEvents, retrieveEvent } from './event-list.ts';
import { randomToken, type SandboxKeys } from '../ids.ts';
import type { SandboxObject } from '../objects/types.ts';
import type { SandboxClock } from '../jobs.ts';
import { list, text, type FormParams } from '../params.ts';
import type { SandboxStore } from '../store/store.ts';

export interface SandboxApiOptions {
  engine: SandboxEngine;
  store: SandboxStore;
  keys: SandboxKeys;
  clock: SandboxClock;
  /** The raw form body of a request (for the Idempotency-Key's parameter check). */
  rawBody: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Sandbox: the route authenticates itself (the browser's confirm with a client_secret). */
    sandboxClientSecretAuth?: boolean;
  }
  interface FastifySchema {
    /**
     * @fastify/swagger's flag (declared as it declares it): the host documents its own API, and the
     * sandbox's routes, hidden, are no part of it.
     */
    hide?: boolean;
  }
}

type IdParams = { Params: { id: string }; Body: FormParams };

const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The API key of a request: Bearer (what the SDK sends) or Basic with the key as user name (curl -u). */
function apiKeyOf(request: FastifyRequest): string | undefined {
  const [scheme, value] = (request.headers.authorization ?? '').split(' ');
  if (!value) return undefined;
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') return Buffer.from(value, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

const redactKey = (key: string) =>
  `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;

/**
 * The subset of Stripe's REST API that the adapter uses, under /sandbox/stripe/v1 with Stripe's
 * paths, form-encoded bodies, expand[], Idempotency-Key and Stripe's error answers.
 */
export const sandboxApiRoutes: FastifyPluginAsync<SandboxApiOptions> = async (api, options) => {
  const { engine, store, keys, clock } = options;
  const requestIds = new WeakMap<FastifyRequest, string>();

  api.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    if (err instanceof SandboxApiError) return reply.code(err.statusCode).send({ error: err.body });
    const statusCode = err.statusCode ?? 500;
    if (statusCode < 500) {
      return reply.code(statusCode).send({ error: { type: 'invalid_request_error', message: err.message } });
    }
    request.log.error({ err }, 'payments sandbox failed');
    return reply
      .code(500)
      .send({ error: { type: 'api_error', message: 'An unknown error occurred in the payments sandbox.' } });
  });

  api.setNotFoundHandler((request, reply) => {
    reply.code(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). The payments sandbox answers only the part of Stripe's API this portal uses.`,
      },
    });
  });

  api.addHook('onRequest', async (request, reply) => {
    const requestId = `req_${randomToken(14)}`;
    requestIds.set(request, requestId);
    reply.header('request-id', requestId);
    reply.header('cache-control', 'no-store');
    if (request.routeOptions.config.sandboxClientSecretAuth) return;
    checkSecretKey(apiKeyOf(request));
  });

  function checkSecretKey(key: string | undefined): void {
    if (!key) {
      throw unauthorized(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (sameKey(key, keys.publishableKey)) {
      throw unauthorized(
        'This API call cannot be made with a publishable API key. Please use a secret API key.',
      );
    }
    if (!sameKey(key, keys.secretKey)) throw unauthorized(`Invalid API Key provided: ${redactKey(key)}`);
  }

  const requestInfo = (request: FastifyRequest): RequestInfo => ({
    id: requestIds.get(request) ?? null,
    idempotency_key: idempotencyKeyOf(request) ?? null,
  });

  const idempotencyKeyOf = (request: FastifyRequest) => {
    const header = request.headers['idempotency-key'];
    return typeof header === 'string' && header ? header : undefined;
  };

  /** expand[] from the body (POST) or the query string (GET), as the SDK sends it. */
  const expandOf = (request: FastifyRequest): string[] => {
    const params =
      request.method === 'GET'
        ? (qs.parse(request.url.split('?')[1] ?? '') as FormParams)
        : ((request.body ?? {}) as FormParams);
    return list(params, 'expand') ?? [];
  };

  const answer = async <T extends SandboxObject>(request: FastifyRequest, object: Promise<T>) =>
    engine.expand(await object, expandOf(request));

  /**
   * Stripe's idempotency: the first request with a key runs and its answer (success or card
   * error) is stored; the same key with the same parameters gets that answer again, with other
   * parameters it is refused, and while the first still runs the second gets 409 (the SDK retries).
   */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, run: () => Promise<unknown>) {
    const key = idempotencyKeyOf(request);
    if (!key) return run();
    reply.header('idempotency-key', key);
    const fingerprint = createHash('sha256')
      .update(`${request.method} ${request.url.split('?')[0]}\n${options.rawBody(request)}`)
      .digest('hex');
    const begun = await store.beginIdempotent(key, fingerprint, clock.now());
    switch (begun.outcome) {
      case 'replay':
        return reply.code(begun.statusCode).header('idempotent-replayed', 'true').send(begun.body);
      case 'in_progress':
        throw new SandboxApiError(409, {
          type: 'idempotency_error',
          code: 'idempotency_key_in_use',
          message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        });
      case 'other_request':
        throw new SandboxApiError(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      case 'new':
        break;
    }
    try {
      const body = await run();
      await store.finishIdempotent(key, 200, body);
      return body;
    } catch (err) {
      // A decline happened (and is kept); anything else did not run and may be retried.
      if (err instanceof SandboxApiError && err.statusCode === 402) {
        await store.finishIdempotent(key, 402, { error: err.body });
      } else {
        await store.releaseIdempotent(key);
      }
      throw err;
    }
  }

  const hidden = { schema: { hide: true } } as const;

  // ---- customers ----
  api.post<{ Body: FormParams }>('/customers', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.customers.create(request.body ?? {}, requestInfo(request))),
    ),
  );
  api.get<IdParams>('/customers/:id', hidden, (request) =>
    answer(request, engine.customers.retrieve(request.params.id)),
  );
  api.post<IdParams>('/customers/:id', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.customers.update(request.params.id, request.body ?? {}, requestInfo(request))),
    ),
  );

  // ---- payment intents ----
  api.post<{ Body: FormParams }>('/payment_intents', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.paymentIntents.create(request.body ?? {}, requestInfo(request))),
    ),
  );
  api.get<IdParams>('/payment_intents/:id', hidden, (request) =>
    answer(request, engine.paymentIntents.retrieve(request.params.id)),
  );
  // Stripe.js's call: the client_secret authenticates it; a publishable key may come along.
  api.post<IdParams>(
    '/payment_intents/:id/confirm',
    { ...hidden, config: { sandboxClientSecretAuth: true } },
    (request, reply) => {
      const body = request.body ?? {};
      const key = apiKeyOf(request) ?? text(body, 'key');
      const bySecretKey = key !== undefined && sameKey(key, keys.secretKey);
      if (key !== undefined && !bySecretKey && !sameKey(key, keys.publishableKey)) {
        throw unauthorized(`Invalid API Key provided: ${redactKey(key)}`);
      }
      return idempotent(request, reply, () =>
        answer(
          request,
          engine.paymentIntents.confirm(request.params.id, body, requestInfo(request), !bySecretKey),
        ),
      );
    },
  );
  api.post<IdParams>('/payment_intents/:id/cancel', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(
        request,
        engine.paymentIntents.cancel(request.params.id, request.body ?? {}, requestInfo(request)),
      ),
    ),
  );

  // ---- refunds ----
  api.post<{ Body: FormParams }>('/refunds', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.refunds.create(request.body ?? {}, requestInfo(request))),
    ),
  );
  api.get<IdParams>('/refunds/:id', hidden, (request) =>
    answer(request, engine.refunds.retrieve(request.params.id)),
  );

  // ---- payment methods, setup intents, checkout ----
  api.get<IdParams>('/payment_methods/:id', hidden, (request) =>
    answer(request, engine.paymentMethods.retrieve(request.params.id)),
  );
  api.get<IdParams>('/setup_intents/:id', hidden, (request) =>
    answer(request, engine.checkout.retrieveSetupIntent(request.params.id)),
  );
  api.post<{ Body: FormParams }>('/checkout/sessions', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.checkout.createSession(request.body ?? {}, requestInfo(request))),
    ),
  );
  api.get<IdParams>('/checkout/sessions/:id', hidden, (request) =>
    answer(request, engine.checkout.retrieveSession(request.params.id)),
  );

  // ---- events (what a reconciliation fetches when deliveries failed) ----
  api.get('/events', hidden, (request) =>
    listEvents(store, qs.parse(request.url.split('?')[1] ?? '') as FormParams),
  );
  api.get<IdParams>('/events/:id', hidden, (request) => retrieveEvent(store, request.params.id));
  api.get<IdParams>('/mandates/:id', hidden, (request) =>
    answer(request, engine.paymentMethods.retrieveMandate(request.params.id)),
  );

  // ---- sandbox test helper (not Stripe's): a saved method that starts failing ----
  api.post<IdParams>('/test_helpers/payment_methods/:id/decline_future_charges', hidden, (request, reply) =>
    idempotent(request, reply, () =>
      answer(request, engine.paymentMethods.declineFutureCharges(request.params.id, requestInfo(request))),
    ),
  );
};
