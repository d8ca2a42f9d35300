import { queryOptions, useQuery } from '@tanstack/react-query';
import { petSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/pet?pet_id=: the pet of the contacts page header. */
export const fetchContactsPet = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/pet', petSchema, { query: { pet_id: petId }, signal });

export const contactsPetQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: ['contacts', 'pet', petId] as const,
    queryFn: ({ signal }) => fetchContactsPet(petId, signal),
  });

export function useContactsPet(petId: string) {
  return useQuery(contactsPetQueryOptions(petId));
}
