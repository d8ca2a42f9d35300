import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** DELETE /v1/share/invitation?invitation_id=: the link stops working (every pet it named). */
export function useRevokeInvitation(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.delete(SHARE_PATHS.invitation, z.unknown(), { query: { invitation_id: invitationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(petId) }),
  });
}
