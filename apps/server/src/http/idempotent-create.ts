import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER } from '@pet/contract';
import type { Database } from '../db/schema.ts';
import { badRequest, conflict } from '../platform/errors.ts';
import { addRouteHook } from './route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route creates a record: it honours an `Idempotency-Key` header (see below). */
    idempotentCreate?: true;
  }
  interface FastifyRequest {
    /** The idempotency_key row this request claimed; its answer is stored there. */
    idempotencyClaim?: string;
  }
}

/** Business time a key's first answer is replayed (issue 40.7: "within a minute"). */
export const IDEMPOTENCY_WINDOW_MS = 60_000;
/** Real time a duplicate waits for the first request's answer before it gives up with 409. */
const WAIT_FOR_FIRST_MS = 15_000;
const POLL_MS = 25;

const keySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, 'Bad_Request_Text')
  .optional()
  .describe(
    'Optional, 1 to 255 visible ASCII characters, one per submit. The same key sent again by the same user ' +
      'within a minute gets the first answer (same status and body, header Idempotent-Replayed: true) instead ' +
      'of a second record, also while the first is still running; with another method, URL or body it is ' +
      'refused (400). Answers of 500 and above are not kept (a retry runs again).',
  );

export interface IdempotentCreateOptions {
  db: Kysely<Database>;
  /** Business time in ms (the app's clock). */
  now: () => number;
}

/** Method, URL and the validated JSON body (a multipart body is not hashed: it streams). */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return `${request.method} ${request.url} ${createHash('sha256').update(body).digest('base64url')}`;
}

/**
 * Creates honour an `Idempotency-Key` (issue 40.7: a double click created two pets). Before the
 * handler (after the route's guards and validation) the request claims the key with a row whose
 * unique (user, key) pair lets exactly one of several parallel requests in; the others wait for
 * its answer and send it again. So a repeated or concurrent request never makes a second record,
 * and keys are per user: another user's same key is another row. Expired rows (older than the
 * window) are taken over by a new request with the same key, swept once a window, and removed
 * with the account (account/purge.ts).
 *
 * Routes opt in with `config: createOnce`. Register before compression: the answer is kept as the
 * serialized JSON the handler produced.
 */
export const idempotentCreatePlugin = fp<IdempotentCreateOptions>(
  async (app, { db, now }) => {
    app.decorateRequest('idempotencyClaim', undefined);

    // Expired rows of every user go at most once a window, beside the requests (not awaited).
    let sweptAt = -Infinity;
    const sweepExpired = (nowMs: number) => {
      if (nowMs - sweptAt < IDEMPOTENCY_WINDOW_MS) return;
      sweptAt = nowMs;
      db.deleteFrom('idempotency_key')
        .where('created_at', '<', new Date(nowMs - IDEMPOTENCY_WINDOW_MS).toISOString())
        .execute()
        .catch((error: unknown) => app.log.warn({ err: error }, 'expired idempotency keys not removed'));
    };

    const claim: preHandlerAsyncHookHandler = async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      const user = request.user;
      if (typeof key !== 'string' || !user) return;
      const fingerprint = fingerprintOf(request);
      const waitUntil = performance.now() + WAIT_FOR_FIRST_MS;
      for (;;) {
        const nowMs = now();
        const createdAt = new Date(nowMs).toISOString();
        sweepExpired(nowMs);
        const id = randomUUID();
        // One statement claims a new key or takes over an expired one (its old request, if it is
        // still running, then stores nothing: its row id is gone).
        const inserted = await db
          .insertInto('idempotency_key')
          .values({ id, user_id: user.id, idem_key: key, fingerprint, created_at: createdAt })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'idem_key'])
              .doUpdateSet({
                id,
                fingerprint,
                created_at: createdAt,
                status_code: null,
                content_type: null,
                body: null,
              })
              .where(
                'idempotency_key.created_at',
                '<',
                new Date(nowMs - IDEMPOTENCY_WINDOW_MS).toISOString(),
              ),
          )
          .returning('id')
          .executeTakeFirst();
        if (inserted) {
          request.idempotencyClaim = id;
          return;
        }
        const first = await db
          .selectFrom('idempotency_key')
          .selectAll()
          .where('user_id', '=', user.id)
          .where('idem_key', '=', key)
          .executeTakeFirst();
        // Gone meanwhile (its answer was a 5xx, or swept): claim it again.
        if (first) {
          if (first.fingerprint !== fingerprint) {
            throw badRequest(
              'Bad_Request_Text',
              IDEMPOTENCY_HEADER,
              'This Idempotency-Key was sent with another request',
            );
          }
          if (first.status_code !== null)
            return replay(reply, first.status_code, first.content_type, first.body);
          if (performance.now() >= waitUntil) {
            throw conflict(
              'Failure_Call_Text',
              'The request with this Idempotency-Key is still being answered',
            );
          }
          await sleep(POLL_MS);
        }
      }
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotentCreate) return;
      const schema = (route.schema ??= {}) as { headers?: unknown };
      const headers = z.object({ [IDEMPOTENCY_HEADER]: keySchema }).passthrough();
      schema.headers = schema.headers instanceof z.ZodObject ? schema.headers.extend(headers.shape) : headers;
      // Last: after the route's own guards (a refused request claims nothing).
      addRouteHook(route, 'preHandler', claim);
      // First, before compression encodes the answer.
      addRouteHook(
        route,
        'onSend',
        async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
          const id = request.idempotencyClaim;
          if (id === undefined) return payload;
          request.idempotencyClaim = undefined;
          try {
            if (reply.statusCode < 500 && typeof payload === 'string') {
              const type = reply.getHeader('content-type');
              await db
                .updateTable('idempotency_key')
                .set({
                  status_code: reply.statusCode,
                  content_type: typeof type === 'string' ? type : null,
                  body: payload,
                })
                .where('id', '=', id)
                .execute();
            } else {
              await db.deleteFrom('idempotency_key').where('id', '=', id).execute();
            }
          } catch (error) {
            request.log.warn({ err: error }, 'idempotency key answer not stored');
            await db
              .deleteFrom('idempotency_key')
              .where('id', '=', id)
              .execute()
              .catch(() => undefined);
          }
          return payload;
        },
        'first',
      );
    });
  },
  { name: 'idempotent-create' },
);

function replay(reply: FastifyReply, status: number, type: string | null, body: string | null): FastifyReply {
  return reply
    .code(status)
    .type(type ?? 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(body ?? '');
}

/** Route option of the create routes: `route(docs, responses, createOnce)`. */
export const createOnce = { idempotentCreate: true } as const;
