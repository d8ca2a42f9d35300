import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentSchema, type DocumentCreateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from './keys';

/** POST /v1/document?pet_id=: the document of uploaded files (the plan limit is checked here too). */
export const createDocument = (petId: string, body: DocumentCreateBody) =>
  api.post('/v1/document', body, documentSchema, { query: { pet_id: petId } });

export function useCreateDocument(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentCreateBody) => createDocument(petId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}
