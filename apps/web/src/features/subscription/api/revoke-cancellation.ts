import { useMutation } from '@tanstack/react-query';
import { subscriptionChangeResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/subscription/cancel/revoke: revokes a pending termination (400 Nothing_Pending_Text). */
export const revokeCancellation = () =>
  api.post('/v1/subscription/cancel/revoke', {}, subscriptionChangeResponseSchema);

export function useRevokeCancellation() {
  return useMutation({ mutationKey: ['subscription', 'cancel', 'revoke'], mutationFn: revokeCancellation });
}
