import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PetCreateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';
import { petKeys } from './keys';

/**
 * POST /v1/pet: name, pet_type, gender, race, date_of_birth. At the plan's pet limit the server
 * answers 500 with Free_/Basic_/Premium_Pet_Limit_Reached_Message as the error key.
 */
export const createPet = (body: PetCreateBody) => api.post('/v1/pet', body, petAnswer);

export function useCreatePet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPet,
    onSuccess: (pet) => queryClient.setQueryData(petKeys.detail(pet.id), pet),
  });
}
