import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petDocumentsQueryKey } from './keys';

/** GET /v1/document/mydocs?pet_id=: all documents of a pet (both areas), newest first. */
export const fetchPetDocuments = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/document/mydocs', documentListResponseSchema, { query: { pet_id: petId }, signal });

export const petDocumentsQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: petDocumentsQueryKey(petId),
    queryFn: ({ signal }) => fetchPetDocuments(petId, signal),
    staleTime: 30_000,
  });

export function usePetDocuments(petId: string) {
  return useQuery(petDocumentsQueryOptions(petId));
}
