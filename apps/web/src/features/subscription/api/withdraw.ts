import { useMutation } from '@tanstack/react-query';
import { WITHDRAWAL_API_PATH, withdrawalResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/subscription/withdrawal: ends the plan at once; the refund and its correction follow. */
export function useWithdraw() {
  return useMutation({
    mutationKey: ['subscription', 'withdrawal'],
    mutationFn: () => api.post(WITHDRAWAL_API_PATH, {}, withdrawalResponseSchema),
  });
}
