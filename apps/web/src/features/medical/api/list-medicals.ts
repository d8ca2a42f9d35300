import { queryOptions, useQuery } from '@tanstack/react-query';
import { medicalListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * GET /v1/medical/mypetmedicals?pet_id=: every record of every kind (name, date and type with the
 * medical_ prefix); the pages filter by kind (medicalItemsOfType).
 */
export const fetchMedicals = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/medical/mypetmedicals', medicalListResponseSchema, { query: { pet_id: petId }, signal });

export const medicalsQueryKey = (petId: string) => ['medical', 'list', petId] as const;

export const medicalsQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: medicalsQueryKey(petId),
    queryFn: ({ signal }) => fetchMedicals(petId, signal),
  });

export function useMedicals(petId: string) {
  return useQuery(medicalsQueryOptions(petId));
}
