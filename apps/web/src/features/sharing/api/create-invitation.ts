import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { SHARE_PATHS, type InvitationBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** POST /v1/share/invitation: one mail, a share per pet; every invited pet's list reloads. */
export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBody) => api.post(SHARE_PATHS.invitation, body, z.unknown()),
    onSuccess: (_answer, body) =>
      Promise.all(
        body.pet_ids.map((petId) => queryClient.invalidateQueries({ queryKey: shareKeys.list(petId) })),
      ),
  });
}
