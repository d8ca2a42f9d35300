import { useMutation } from '@tanstack/react-query';
import { SHARE_PATHS, invitationAcceptResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/share/invitation/accept: the shares start; the answer names the first pet to open. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post(SHARE_PATHS.invitationAccept, { token }, invitationAcceptResponseSchema),
  });
}
