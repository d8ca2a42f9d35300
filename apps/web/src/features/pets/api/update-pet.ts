import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PetUpdateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';
import { petKeys } from './keys';

/** PUT /v1/pet?id=: the whole profile; `weights`, when sent, replace the stored list. */
export const updatePet = (petId: string, body: PetUpdateBody) =>
  api.put('/v1/pet', body, petAnswer, { query: { id: petId } });

export function useUpdatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ petId, body }: { petId: string; body: PetUpdateBody }) => updatePet(petId, body),
    onSuccess: (pet) => queryClient.setQueryData(petKeys.detail(pet.id), pet),
  });
}
