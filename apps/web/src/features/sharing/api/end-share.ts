import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** DELETE /v1/share?share_id=: the owner ends a share at once (the member gets a mail). */
export function useEndShare(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      api.delete(SHARE_PATHS.share, z.unknown(), { query: { share_id: shareId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(petId) }),
  });
}
