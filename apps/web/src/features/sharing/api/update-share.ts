import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS, type ShareUpdateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** PUT /v1/share?share_id=: role, window or reminders of one share; the pet's list reloads. */
export function useUpdateShare(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, body }: { shareId: string; body: ShareUpdateBody }) =>
      api.put(SHARE_PATHS.share, body, z.unknown(), { query: { share_id: shareId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(petId) }),
  });
}
