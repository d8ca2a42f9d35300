import { useQuery } from '@tanstack/react-query';
import { cancelAtResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/**
 * GET /v1/subscription/cancelat: 'cancel' while a termination is pending (account-area
 * section 4, subscription status). Only asked for a paid plan; a failure only hides that line.
 */
export const fetchCancelAt = (signal?: AbortSignal) =>
  api.get('/v1/subscription/cancelat', cancelAtResponseSchema, { signal });

export function useCancelAt(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.cancelAt(userId),
    queryFn: ({ signal }) => fetchCancelAt(signal),
    enabled,
    retry: false,
  });
}
