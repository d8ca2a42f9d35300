import { useMutation, useQuery } from '@tanstack/react-query';
import {
  paymentMethodResponseSchema,
  updatePaymentResponseSchema,
  type PaymentMethodResponse,
} from '@pet/contract';
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

/**
 * POST /v1/subscription/update_payment: a hosted checkout session (setup mode) whose URL the
 * browser is sent to; it returns to /my-account/payment-update/successful?session_id= or /failed.
 * 400 No_Payment_Method_Text when nothing was bought yet.
 */
export const startPaymentUpdate = () =>
  api.post('/v1/subscription/update_payment', {}, updatePaymentResponseSchema);

export function useStartPaymentUpdate() {
  return useMutation({
    mutationKey: ['subscription', 'update_payment'],
    mutationFn: startPaymentUpdate,
  });
}
