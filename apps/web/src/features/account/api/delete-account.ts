import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

/**
 * POST /v1/auth/deleteuseracc?user_id=: schedules the deletion and ends every session of the
 * account (this one included); signing in again is refused, and the data is gone within 24 hours.
 */
export const deleteAccount = (userId: string) =>
  api.post('/v1/auth/deleteuseracc', undefined, z.unknown(), { query: { user_id: userId } });

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationKey: ['account', 'delete'], mutationFn: () => deleteAccount(userId) });
}
