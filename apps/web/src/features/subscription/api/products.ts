import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/**
 * GET /v1/subscription/product/list?partner_id=: the brand's plans and the plan of an order
 * placed but not paid yet (null when signed out). Works signed out too (the checkout page).
 */
export const fetchProducts = (partnerId: string, signal?: AbortSignal) =>
  api.get('/v1/subscription/product/list', productListResponseSchema, {
    query: { partner_id: partnerId },
    signal,
  });

export function productsQueryOptions(partnerId: string, userId: string | null) {
  return queryOptions({
    queryKey: subscriptionKeys.products(partnerId, userId),
    queryFn: ({ signal }) => fetchProducts(partnerId, signal),
  });
}

export function useProducts(partnerId: string, userId: string | null) {
  return useQuery(productsQueryOptions(partnerId, userId));
}
