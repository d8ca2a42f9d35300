import { useQuery } from '@tanstack/react-query';
import { WITHDRAWAL_API_PATH, withdrawalStatusSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /v1/subscription/withdrawal: whether the purchase is still within its 14 days. */
export function useWithdrawalStatus(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.withdrawal(userId),
    queryFn: ({ signal }) => api.get(WITHDRAWAL_API_PATH, withdrawalStatusSchema, { signal }),
    enabled,
    retry: false,
  });
}
