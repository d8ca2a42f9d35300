import { queryOptions, useQuery } from '@tanstack/react-query';
import { petSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/pet?pet_id=: the pet of the medical pages' header. */
export const fetchMedicalPet = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/pet', petSchema, { query: { pet_id: petId }, signal });

export const medicalPetQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: ['medical', 'pet', petId] as const,
    queryFn: ({ signal }) => fetchMedicalPet(petId, signal),
  });

export function useMedicalPet(petId: string) {
  return useQuery(medicalPetQueryOptions(petId));
}
