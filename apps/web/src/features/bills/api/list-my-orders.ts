import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** The bills list in the cache (a payment or a refund elsewhere invalidates it by this key). */
export const MY_ORDERS_QUERY_KEY = ['bills', 'myorders'] as const;

/**
 * GET /v1/order/myorders: the user's bills (paid orders with their invoices), newest first. 204
 * means none: an empty list here, which the page shows as No_Orders_Text.
 */
export const myOrdersSchema = orderListResponseSchema.optional().transform((orders) => orders ?? []);

export const fetchMyOrders = (signal?: AbortSignal) =>
  api.get('/v1/order/myorders', myOrdersSchema, { signal });

export const myOrdersQueryOptions = () =>
  queryOptions({
    queryKey: MY_ORDERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchMyOrders(signal),
  });

export function useMyOrders() {
  return useQuery(myOrdersQueryOptions());
}
