import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /v1/subscription/cancel/downgrade: cancels a pending downgrade. */
export const cancelDowngrade = () => api.post('/v1/subscription/cancel/downgrade', {}, z.unknown());

export function useCancelDowngrade() {
  return useMutation({ mutationKey: ['subscription', 'cancel', 'downgrade'], mutationFn: cancelDowngrade });
}
