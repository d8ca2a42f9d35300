import { invalidRequest, resourceMissing } from '../errors.ts';
import type { SandboxEvent } from '../objects/types.ts';
import { flag, integer, text, type FormParams } from '../params.ts';
import type { SandboxStore } from '../store/store.ts';

/** Stripe's list object (GET /v1/events answers one). */
export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

type StoredEvent = Awaited<ReturnType<SandboxStore['listEvents']>>[number];

/**
 * An event as the API answers it: the delivered JSON, with pending_webhooks as it is now (Stripe
 * counts the endpoints that have not yet acknowledged it; the sandbox has one endpoint, ours).
 */
function eventOf(row: StoredEvent): SandboxEvent {
  const event = JSON.parse(row.payload) as SandboxEvent;
  return { ...event, pending_webhooks: row.delivered ? 0 : 1 };
}

/** GET /v1/events/:id. */
export async function retrieveEvent(store: SandboxStore, id: string): Promise<SandboxEvent> {
  const row = await store.findEvent(id);
  if (!row) throw resourceMissing('event', id);
  return eventOf(row);
}

/**
 * GET /v1/events as Stripe answers it: newest first, `limit` 1 to 100 (default 10), pages continued
 * with `starting_after` (the last id of the previous page), filtered by `type` and by
 * `delivery_success` (false: events whose delivery to the endpoint has not succeeded yet, pending
 * retries or given up, which is what a reconciliation fetches).
 */
export async function listEvents(store: SandboxStore, params: FormParams): Promise<StripeList<SandboxEvent>> {
  const limit = integer(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and less than or equal to 100.', {
      param: 'limit',
    });
  }
  if (text(params, 'ending_before') !== undefined) {
    throw invalidRequest('The payments sandbox pages events forward only (starting_after).', {
      param: 'ending_before',
    });
  }
  const startingAfter = text(params, 'starting_after');
  let after: { sequence: number; id: string } | undefined;
  if (startingAfter) {
    const row = await store.findEvent(startingAfter);
    if (!row) throw resourceMissing('event', startingAfter, 'starting_after');
    after = { sequence: row.sequence, id: row.id };
  }
  const deliverySuccess = flag(params, 'delivery_success');
  // One more than asked tells whether another page follows.
  const rows = await store.listEvents({
    delivered: deliverySuccess,
    type: text(params, 'type'),
    after,
    limit: limit + 1,
  });
  return {
    object: 'list',
    data: rows.slice(0, limit).map(eventOf),
    has_more: rows.length > limit,
    url: '/v1/events',
  };
}
