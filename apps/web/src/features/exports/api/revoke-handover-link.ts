import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handoverLinkSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { handoverLinksQueryKey } from './keys';

/** DELETE /v1/pet/handover/link?id=, then the pet's links reload. */
export function useRevokeHandoverLink(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/v1/pet/handover/link', handoverLinkSchema, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: handoverLinksQueryKey(petId) }),
  });
}
