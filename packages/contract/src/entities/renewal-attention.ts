import { z } from 'zod';
import { DECLINE_TEXTS, type DeclineReason } from '../payment-declines.ts';
import { idSchema } from './common.ts';

/**
 * What the customer must know about their paid plan beyond the spec's myinfo fields (issue 33
 * items 19, 20, 23). Added to myinfo as optional fields: clients that do not know them ignore them.
 */

const declineReasonSchema = z.enum(Object.keys(DECLINE_TEXTS) as [DeclineReason, ...DeclineReason[]]);

/**
 * A renewal that could not be charged: the plan stays active until `grace_end` while the card is
 * retried (`retrying`, next try at `next_attempt`), or the bank wants the customer to confirm the
 * payment (`action_required`: 3-D Secure, paid on /my-account/renewal-payment). Epoch seconds.
 */
export const renewalProblemSchema = z.object({
  status: z.enum(['retrying', 'action_required']),
  reason: declineReasonSchema,
  next_attempt: z.number().int().nullable(),
  grace_end: z.number().int(),
  /** The failed renewal order that can be paid on session. */
  order_id: idSchema,
});
export type RenewalProblem = z.infer<typeof renewalProblemSchema>;

/** The renewal payment page's query and answers. */
export const renewalPaymentQuerySchema = z.object({ order_id: idSchema });
export const renewalPaymentResponseSchema = z.object({
  order_id: idSchema,
  /** open: can be paid now; paid: the plan was renewed; closed: the grace period is over. */
  status: z.enum(['open', 'paid', 'closed']),
  product_name: z.string(),
  amount_cents: z.number().int(),
  grace_end: z.number().int(),
  reason: declineReasonSchema.nullable(),
});
export type RenewalPaymentResponse = z.infer<typeof renewalPaymentResponseSchema>;

export const renewalPayBodySchema = z.object({
  order_id: idSchema,
  /** Chosen once per page view: a repeated click confirms once (idempotency key). */
  attempt_id: z.string().uuid(),
});
export type RenewalPayBody = z.infer<typeof renewalPayBodySchema>;
export const renewalPayResponseSchema = z.object({
  status: z.enum(['paid', 'redirect', 'failed']),
  /** redirect: the bank's 3-D Secure page. */
  url: z.string().nullable(),
  reason: declineReasonSchema.nullable(),
});
export type RenewalPayResponse = z.infer<typeof renewalPayResponseSchema>;
