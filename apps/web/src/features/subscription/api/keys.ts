/** Query keys of the buying path; invalidate SUBSCRIPTION_QUERY_ROOT after an order changed. */
export const SUBSCRIPTION_QUERY_ROOT = ['subscription'] as const;

export const subscriptionKeys = {
  products: (partnerId: string, userId: string | null) =>
    [...SUBSCRIPTION_QUERY_ROOT, 'products', partnerId, userId ?? 'signed-out'] as const,
  prices: (productId: string, payType: string, couponId: string | null) =>
    [...SUBSCRIPTION_QUERY_ROOT, 'prices', productId, payType, couponId] as const,
  orderStatus: (orderId: string) => [...SUBSCRIPTION_QUERY_ROOT, 'order', orderId, 'status'] as const,
  cancelAt: (userId: string) => [...SUBSCRIPTION_QUERY_ROOT, 'cancelat', userId] as const,
  paymentMethod: (userId: string) => [...SUBSCRIPTION_QUERY_ROOT, 'payment_method', userId] as const,
  withdrawal: (userId: string) => [...SUBSCRIPTION_QUERY_ROOT, 'withdrawal', userId] as const,
};
