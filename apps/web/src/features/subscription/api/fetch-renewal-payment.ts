import { useQuery } from '@tanstack/react-query';
import { renewalPaymentResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /v1/subscription/renewal/payment?order_id=: a failed renewal, reconciled with the provider. */
export function useRenewalPayment(orderId: string | null) {
  return useQuery({
    queryKey: [...subscriptionKeys.orderStatus(orderId ?? ''), 'renewal'],
    queryFn: ({ signal }) =>
      api.get('/v1/subscription/renewal/payment', renewalPaymentResponseSchema, {
        query: { order_id: orderId! },
        signal,
      }),
    enabled: orderId !== null,
    staleTime: 0,
  });
}
