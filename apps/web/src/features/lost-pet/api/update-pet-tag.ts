import { useMutation, useQueryClient } from '@tanstack/react-query';
import { petTagSchema, type PetTag, type PetTagUpdate } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petTagQueryKey } from './keys';

/** PUT /v1/pet/tag?pet_id=: the answer replaces the cached tag. */
export function useUpdatePetTag(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PetTagUpdate) =>
      api.put('/v1/pet/tag', body, petTagSchema, { query: { pet_id: petId } }),
    onSuccess: (tag: PetTag) => queryClient.setQueryData(petTagQueryKey(petId), tag),
  });
}
