import { useMutation } from '@tanstack/react-query';
import { updatePaymentResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

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
