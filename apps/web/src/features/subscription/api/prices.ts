import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pricesResponseSchema, type PayType } from '@pet/contract';
import { api, isApiError } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

export interface PricesInput {
  productId: string;
  payType: PayType;
  couponId: string | null;
}

/**
 * POST /v1/subscription/prices {pay_type, product_id, coupon_id?}: the price summary in euro
 * (proration is a credit, at most 0). 400 Proration_Downgrade_Error_Text is the negative-proration
 * case, 480 Amount_Less_Error a total below the minimum payment: both are answers to show, not
 * failures to retry.
 */
export const fetchPrices = (input: PricesInput, signal?: AbortSignal) =>
  api.post(
    '/v1/subscription/prices',
    {
      pay_type: input.payType,
      product_id: input.productId,
      ...(input.couponId ? { coupon_id: input.couponId } : {}),
    },
    pricesResponseSchema,
    { signal },
  );

export function usePrices(input: PricesInput | null) {
  return useQuery({
    queryKey: input
      ? subscriptionKeys.prices(input.productId, input.payType, input.couponId)
      : subscriptionKeys.prices('', '', null),
    queryFn: ({ signal }) => fetchPrices(input!, signal),
    enabled: input !== null,
    // The old summary stays (dimmed) while the new interval's prices load: no jumping layout.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: (failureCount, error) => !(isApiError(error) && error.isClientError) && failureCount < 2,
  });
}
