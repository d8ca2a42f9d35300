import { useMutation } from '@tanstack/react-query';
import { cancelResponseSchema, downgradeBodySchema, subscriptionChangeResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/subscription/cancel: terminates the plan at the end of the term; answers
 * current_phase.end_date (epoch seconds). 400 Cancel_Free_Plan_Text for the free plan.
 */
export const cancelSubscription = () => api.post('/v1/subscription/cancel', {}, cancelResponseSchema);

export function useCancelSubscription() {
  return useMutation({ mutationKey: ['subscription', 'cancel'], mutationFn: cancelSubscription });
}

/** POST /v1/subscription/cancel/revoke: revokes a pending termination (400 Nothing_Pending_Text). */
export const revokeCancellation = () =>
  api.post('/v1/subscription/cancel/revoke', {}, subscriptionChangeResponseSchema);

export function useRevokeCancellation() {
  return useMutation({ mutationKey: ['subscription', 'cancel', 'revoke'], mutationFn: revokeCancellation });
}

/**
 * POST /v1/subscription/downgrade {price_id}: schedules the downgrade for the end of the term.
 * 403 Downgrade_Not_Allowed_Text (gift, promo and code plans: the popup), 400
 * Downgrade_Target_Invalid_Text for a plan the rules do not allow.
 */
export const downgradeSubscription = (priceId: string) =>
  api.post(
    '/v1/subscription/downgrade',
    downgradeBodySchema.parse({ price_id: priceId }),
    subscriptionChangeResponseSchema,
  );

export function useDowngradeSubscription() {
  return useMutation({ mutationKey: ['subscription', 'downgrade'], mutationFn: downgradeSubscription });
}
