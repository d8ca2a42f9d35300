import { useMutation, useQueryClient } from '@tanstack/react-query';
import { handoverLinkSchema, type HandoverLink } from '@pet/contract';
import { api } from '@/lib/api-client';
import { handoverLinksQueryKey } from './keys';

/** POST /v1/pet/handover with mode link: the new link heads the pet's list at once, then it reloads. */
export function useCreateHandoverLink(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentIds: readonly string[]) =>
      api.post(
        '/v1/pet/handover',
        { pet_id: petId, document_ids: documentIds, mode: 'link' },
        handoverLinkSchema,
      ),
    onSuccess: (link: HandoverLink) => {
      queryClient.setQueryData<HandoverLink[]>(handoverLinksQueryKey(petId), (old) => [link, ...(old ?? [])]);
      void queryClient.invalidateQueries({ queryKey: handoverLinksQueryKey(petId) });
    },
  });
}
