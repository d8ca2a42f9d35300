import { useMutation } from '@tanstack/react-query';
import { cancelResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/subscription/cancel: terminates the plan at the end of the term; answers
 * current_phase.end_date (epoch seconds). 400 Cancel_Free_Plan_Text for the free plan.
 */
export const cancelSubscription = () => api.post('/v1/subscription/cancel', {}, cancelResponseSchema);

export function useCancelSubscription() {
  return useMutation({ mutationKey: ['subscription', 'cancel'], mutationFn: cancelSubscription });
}
