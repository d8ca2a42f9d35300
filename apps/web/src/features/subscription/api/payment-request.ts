import { useMutation } from '@tanstack/react-query';
import { paymentRequestResponseSchema, type PaymentRequestBody } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/subscription/change/request: creates the order and the card provider's payment, and
 * answers its client secret with the order id. Refusals: 434 Order_Already_Placed_Message,
 * 480 Amount_Less_Error, 476 (coupon), 403 Order_Not_From_Payment_Screen_Text,
 * 503 Payments_Unavailable_Text.
 */
export const requestPayment = (body: PaymentRequestBody) =>
  api.post('/v1/subscription/change/request', body, paymentRequestResponseSchema);

export function useRequestPayment() {
  return useMutation({ mutationKey: ['subscription', 'change', 'request'], mutationFn: requestPayment });
}
