import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';
import { petKeys } from './keys';

/** GET /v1/pet?pet_id=: one pet with its weights and image. */
export const fetchPet = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/pet', petAnswer, { query: { pet_id: petId }, context: 'get', signal });

export const petQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: petKeys.detail(petId),
    queryFn: ({ signal }) => fetchPet(petId, signal),
  });

export function usePet(petId: string) {
  return useQuery(petQueryOptions(petId));
}
