import { useQuery } from '@tanstack/react-query';
import { paymentMethodResponseSchema, type PaymentMethodResponse } from '@pet/contract';
import { api } from '@/lib/api-client';
import { subscriptionKeys } from './keys';

/** GET /v1/user/payment_method: the saved method renewals are charged to (type null: none). */
export const fetchPaymentMethod = (signal?: AbortSignal) =>
  api.get('/v1/user/payment_method', paymentMethodResponseSchema, { signal });

/** Polling of the success page: ask again every `intervalMs` while `while_` says so. */
export interface PaymentMethodPolling {
  intervalMs: number;
  /** The last answer and how many answers came since the page asked first. */
  while_: (data: PaymentMethodResponse | undefined, answers: number) => boolean;
}

export function usePaymentMethod(
  userId: string,
  options: { enabled?: boolean; poll?: PaymentMethodPolling } = {},
) {
  const { poll } = options;
  return useQuery({
    queryKey: subscriptionKeys.paymentMethod(userId),
    queryFn: ({ signal }) => fetchPaymentMethod(signal),
    enabled: options.enabled ?? true,
    refetchInterval: poll
      ? (query) => (poll.while_(query.state.data, query.state.dataUpdateCount) ? poll.intervalMs : false)
      : false,
    staleTime: 0,
  });
}
