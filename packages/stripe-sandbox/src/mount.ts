import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import Stripe from 'stripe';
import { SandboxEngine } from './engine/engine.ts';
import { sandboxApiRoutes } from './http/api.routes.ts';
import { sandboxPagesRoutes } from './http/pages.routes.ts';
import type { SandboxKeys } from './ids.ts';
import {
  DELIVER_EVENT_JOB,
  deliverEventPayload,
  SETTLE_SEPA_JOB,
  settleSepaPayload,
  type SandboxClock,
  type SandboxJobQueue,
} from './jobs.ts';
import { SANDBOX_PATH } from './paths.ts';
import { migrateSandbox } from './store/migrate.ts';
import { SandboxStore } from './store/store.ts';
import type { SandboxDb, SandboxDialect } from './store/tables.ts';

export interface StripeSandboxOptions {
  /** The host's database: the sandbox creates its own tables there on mount (store/migrations). */
  db: SandboxDb;
  dialect: SandboxDialect;
  jobs: SandboxJobQueue;
  clock: SandboxClock;
  /** The host's job loop runs: the sandbox then runs the jobs it scheduled at once, not at the next poll. */
  jobLoopRuns: boolean;
  /** Where browsers reach the host (the 3-D Secure and checkout pages' URLs). */
  publicUrl: string;
  /** Seconds until a SEPA debit settles (succeeds or fails). */
  sepaSettleSeconds: number;
  keys: SandboxKeys;
  /** Events are signed with it, as Stripe signs them with the endpoint's secret. */
  webhookSecret: string;
  /** The host's webhook route, where events are delivered (through app.inject). */
  webhookPath: string;
}

const FORM = 'application/x-www-form-urlencoded';

export interface EventDelivery {
  eventId: string;
  type: string;
  statusCode: number;
  delivered: boolean;
}

export interface StripeSandbox {
  engine: SandboxEngine;
  /** Delivers a stored event to the webhook once more (null: no such event). */
  deliverEvent: (eventId: string) => Promise<EventDelivery | null>;
  /**
   * Test seam: while paused, the delivery job leaves events undelivered, as Stripe does for a
   * disabled endpoint (they stay listed with delivery_success=false); a test that plays the
   * network (duplicates, any order) delivers them itself with deliverEvent.
   */
  pauseDelivery: (paused: boolean) => void;
}

/**
 * Mounts the Stripe-compatible sandbox on the host app: its tables (own migrations), its API under
 * /sandbox/stripe/v1, its pages (3-D Secure, hosted checkout), the settlement of SEPA debits and
 * the delivery of its events to the host's webhook, both as durable jobs of the host's queue.
 * A test double and a demo: the host mounts it only without real Stripe keys, never in production.
 */
export async function mountStripeSandbox(
  app: FastifyInstance,
  options: StripeSandboxOptions,
): Promise<StripeSandbox> {
  await migrateSandbox(options.db);
  const store = new SandboxStore(options.db, options.dialect);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  const engine = new SandboxEngine({
    store,
    jobs: options.jobs,
    clock: options.clock,
    publicUrl: options.publicUrl,
    sepaSettleSeconds: options.sepaSettleSeconds,
    // The browser should see an event's effect at once, not at the next poll.
    onJobsScheduled: () => {
      if (!options.jobLoopRuns || closing) return;
      setImmediate(() => {
        options.jobs
          .runDue()
          .catch((err) => app.log.error({ err }, 'payments sandbox: running due jobs failed'));
      });
    },
  });

  options.jobs.register(SETTLE_SEPA_JOB, async (payload) => {
    await engine.paymentIntents.settleSepaDebit(settleSepaPayload.parse(payload).paymentIntentId);
  });
  /**
   * One delivery of an event to our webhook, signed as Stripe signs it, recorded on the event.
   * The job below makes the first delivery and its retries; tests also call it to deliver an
   * event again (Stripe may send one event more than once, and in any order).
   */
  const deliverEvent = async (eventId: string): Promise<EventDelivery | null> => {
    const event = await store.findEvent(eventId);
    if (!event) return null;
    const response = await app.inject({
      method: 'POST',
      url: options.webhookPath,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        // Signed now, in real time: the receiver checks the timestamp against its own clock.
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: event.payload,
          secret: options.webhookSecret,
        }),
      },
      payload: event.payload,
    });
    const delivered = response.statusCode >= 200 && response.statusCode < 300;
    // Once acknowledged, an event stays delivered (a later failed resend does not undo that).
    await store.recordDelivery(eventId, response.statusCode, delivered || event.delivered === 1);
    return { eventId, type: event.type, statusCode: response.statusCode, delivered };
  };

  let deliveryPaused = false;
  options.jobs.register(DELIVER_EVENT_JOB, async (payload) => {
    if (deliveryPaused) return;
    const { eventId } = deliverEventPayload.parse(payload);
    const event = await store.findEvent(eventId);
    if (!event || event.delivered) return;
    const delivery = await deliverEvent(eventId);
    // A failed delivery is retried by the job queue with backoff, as Stripe retries webhooks.
    if (delivery && !delivery.delivered) {
      throw new Error(
        `webhook ${options.webhookPath} answered ${delivery.statusCode} to ${delivery.type} ${eventId}`,
      );
    }
  });

  const rawBodies = new WeakMap<FastifyRequest, string>();
  await app.register(
    async (sandbox) => {
      // Stripe's bracket notation (metadata[order_id]=..., payment_method_types[0]=card).
      if (sandbox.hasContentTypeParser(FORM)) sandbox.removeContentTypeParser(FORM);
      sandbox.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 65_536 }, (request, body, done) => {
        const text = body as string;
        rawBodies.set(request, text);
        done(null, qs.parse(text, { depth: 8, arrayLimit: 100, parameterLimit: 500 }));
      });
      await sandbox.register(sandboxApiRoutes, {
        prefix: '/v1',
        engine,
        store,
        keys: options.keys,
        clock: options.clock,
        rawBody: (request) => rawBodies.get(request) ?? '',
      });
      await sandbox.register(sandboxPagesRoutes, { engine });
    },
    { prefix: SANDBOX_PATH },
  );
  return {
    engine,
    deliverEvent,
    pauseDelivery: (paused) => {
      deliveryPaused = paused;
    },
  };
}
