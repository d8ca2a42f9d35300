import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** POST /v1/share/invitation/resend?invitation_id=: a new mail, the link valid 7 days again. */
export function useResendInvitation(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api.post(SHARE_PATHS.invitationResend, undefined, z.unknown(), {
        query: { invitation_id: invitationId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shareKeys.list(petId) }),
  });
}
