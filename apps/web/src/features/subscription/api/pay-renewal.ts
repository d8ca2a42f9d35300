import { useMutation } from '@tanstack/react-query';
import { renewalPayResponseSchema, type RenewalPayBody } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/subscription/renewal/payment: pay on session (the bank's page when it asks). */
export function usePayRenewal() {
  return useMutation({
    mutationKey: ['subscription', 'renewal', 'pay'],
    mutationFn: (body: RenewalPayBody) =>
      api.post('/v1/subscription/renewal/payment', body, renewalPayResponseSchema),
  });
}
