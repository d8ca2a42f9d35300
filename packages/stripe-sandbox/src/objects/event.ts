import Stripe from 'stripe';
import type { SandboxEvent, SandboxObject, Timestamp } from './types.ts';

export function eventObject(input: {
  id: string;
  created: Timestamp;
  type: string;
  object: SandboxObject;
  request: { id: string | null; idempotency_key: string | null };
}): SandboxEvent {
  return {
    api_version: Stripe.API_VERSION,
    created: input.created,
    data: { object: input.object },
    id: input.id,
    livemode: false,
    object: 'event',
    pending_webhooks: 1,
    request: input.request,
    type: input.type,
  };
}
