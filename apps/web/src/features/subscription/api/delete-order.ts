import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** DELETE /v1/order/delete?id=: the order of a payment the card provider refused. */
export const deleteOrder = (orderId: string) =>
  api.delete('/v1/order/delete', z.unknown(), { query: { id: orderId } });

export function useDeleteOrder() {
  return useMutation({ mutationKey: ['subscription', 'order', 'delete'], mutationFn: deleteOrder });
}
