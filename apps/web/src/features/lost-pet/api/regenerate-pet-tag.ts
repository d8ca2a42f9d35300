import { useMutation, useQueryClient } from '@tanstack/react-query';
import { petTagSchema, type PetTag } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petTagQueryKey } from './keys';

/** POST /v1/pet/tag/regenerate?pet_id=: a new address (the first one, too); the answer replaces the cached tag. */
export function useRegeneratePetTag(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post('/v1/pet/tag/regenerate', undefined, petTagSchema, { query: { pet_id: petId } }),
    onSuccess: (tag: PetTag) => queryClient.setQueryData(petTagQueryKey(petId), tag),
  });
}
