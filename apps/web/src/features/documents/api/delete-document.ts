import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from './keys';

/** DELETE /v1/document?doc_id=: the document and its files. */
export const deleteDocument = (documentId: string) =>
  api.delete('/v1/document', z.unknown(), { query: { doc_id: documentId } });

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) => deleteDocument(documentId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY }),
  });
}
