import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentSchema, type DocumentUpdateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from './keys';

/** PUT /v1/document?doc_id=: only the description changes. */
export const updateDocument = (documentId: string, body: DocumentUpdateBody) =>
  api.put('/v1/document', body, documentSchema, { query: { doc_id: documentId } });

export function useUpdateDocument(documentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DocumentUpdateBody) => updateDocument(documentId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}
