import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petTagQueryKey } from './keys';

/** DELETE /v1/pet/tag?pet_id=: switches the tag off; the tag reloads. */
export function useDeletePetTag(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/v1/pet/tag', messageResponseSchema, { query: { pet_id: petId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: petTagQueryKey(petId) }),
  });
}
