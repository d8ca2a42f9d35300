import { useMutation } from '@tanstack/react-query';
import { couponCheckBodySchema, couponCheckResponseSchema, type PayType } from '@pet/contract';
import { api } from '@/lib/api-client';

export interface CouponCheckInput {
  code: string;
  email: string;
  payType: PayType;
  productId: string;
}

/**
 * POST /v1/coupon/isvalid for an existing customer. The contract's body schema uppercases the code
 * (account-area section 5). A 476 answer carries the server message, which the API client already
 * maps to the coupon key (couponMessageKey).
 */
export const checkCoupon = (input: CouponCheckInput) =>
  api.post(
    '/v1/coupon/isvalid',
    couponCheckBodySchema.parse({
      code_name: input.code,
      email: input.email,
      duration: input.payType,
      product_id: input.productId,
      coupon_for: 'existing_customer',
    }),
    couponCheckResponseSchema,
  );

export function useCheckCoupon() {
  return useMutation({ mutationKey: ['subscription', 'coupon', 'isvalid'], mutationFn: checkCoupon });
}
