import { useMutation, useQuery } from '@tanstack/react-query';
import { WITHDRAWAL_API_PATH, withdrawalResponseSchema, withdrawalStatusSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { SUBSCRIPTION_QUERY_ROOT } from './keys';

const withdrawalKey = (userId: string) => [...SUBSCRIPTION_QUERY_ROOT, 'withdrawal', userId] as const;

/** GET /v1/subscription/withdrawal: whether the purchase is still within its 14 days. */
export function useWithdrawalStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: withdrawalKey(userId),
    queryFn: ({ signal }) => api.get(WITHDRAWAL_API_PATH, withdrawalStatusSchema, { signal }),
    enabled,
    retry: false,
  });
}

/** POST /v1/subscription/withdrawal: ends the plan at once; the refund and its correction follow. */
export function useWithdraw() {
  return useMutation({
    mutationKey: ['subscription', 'withdrawal'],
    mutationFn: () => api.post(WITHDRAWAL_API_PATH, {}, withdrawalResponseSchema),
  });
}
