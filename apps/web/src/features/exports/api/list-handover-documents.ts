import { useQuery } from '@tanstack/react-query';
import { documentListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { handoverDocumentsQueryKey } from './keys';

/** GET /v1/document/mydocs?pet_id=: the pet's documents to choose from (newest first). */
export function useHandoverDocuments(petId: string) {
  return useQuery({
    queryKey: handoverDocumentsQueryKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/document/mydocs', documentListResponseSchema, { query: { pet_id: petId }, signal }),
  });
}
