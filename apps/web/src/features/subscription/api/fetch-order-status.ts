import { useQuery } from '@tanstack/react-query';
import { orderStatusResponseSchema, type OrderStatusResponse } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /v1/order/status?id=: placed, processing (SEPA under way), paid or failed. */
export const fetchOrderStatus = (orderId: string, signal?: AbortSignal) =>
  api.get('/v1/order/status', orderStatusResponseSchema, { query: { id: orderId }, signal });

/** How often the success page asks while the payment is not settled. */
export const ORDER_POLL_INTERVAL_MS = 1500;
/** After this long without a result it asks less often (a SEPA debit can take days). */
export const ORDER_POLL_SLOWDOWN_AFTER_MS = 5 * 60_000;
export const ORDER_POLL_SLOW_INTERVAL_MS = 15_000;

export function isSettled(status: OrderStatusResponse['status'] | undefined): boolean {
  return status === 'paid' || status === 'failed';
}

export function useOrderStatus(orderId: string | null, startedAt: number) {
  return useQuery({
    queryKey: subscriptionKeys.orderStatus(orderId ?? ''),
    queryFn: ({ signal }) => fetchOrderStatus(orderId!, signal),
    enabled: orderId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (isSettled(query.state.data?.status)) return false;
      // A failed poll keeps polling too (the query's own error shows only when nothing arrived yet).
      return Date.now() - startedAt > ORDER_POLL_SLOWDOWN_AFTER_MS
        ? ORDER_POLL_SLOW_INTERVAL_MS
        : ORDER_POLL_INTERVAL_MS;
    },
    refetchIntervalInBackground: false,
  });
}
