import { useMutation } from '@tanstack/react-query';
import { downgradeBodySchema, subscriptionChangeResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

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
