import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  documentListResponseSchema,
  handoverLinkListSchema,
  handoverLinkSchema,
  type HandoverLink,
} from '@pet/contract';
import { api } from '@/lib/api-client';

const linksKey = (petId: string) => ['exports', 'handover-links', petId] as const;
const documentsKey = (petId: string) => ['exports', 'documents', petId] as const;

/** GET /v1/pet/export/record?pet_id=: the vaccination and medication record (PDF). */
export const fetchPetRecord = (petId: string) =>
  api.blob('/v1/pet/export/record', { query: { pet_id: petId }, timeoutMs: 60_000 });

/** POST /v1/pet/handover with mode pdf: the handover PDF at once. */
export const fetchHandoverPdf = (petId: string, documentIds: readonly string[]) =>
  api.blob('/v1/pet/handover', {
    method: 'POST',
    body: { pet_id: petId, document_ids: documentIds, mode: 'pdf' },
    timeoutMs: 60_000,
  });

/** GET /v1/document/mydocs?pet_id=: the pet's documents to choose from (newest first). */
export function useHandoverDocuments(petId: string, enabled: boolean) {
  return useQuery({
    queryKey: documentsKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/document/mydocs', documentListResponseSchema, { query: { pet_id: petId }, signal }),
    enabled,
  });
}

/** GET /v1/pet/handover/links?pet_id=: the pet's share links, newest first. */
export function useHandoverLinks(petId: string, enabled: boolean) {
  return useQuery({
    queryKey: linksKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/pet/handover/links', handoverLinkListSchema, { query: { pet_id: petId }, signal }),
    enabled,
  });
}

/** POST /v1/pet/handover with mode link, and DELETE /v1/pet/handover/link?id=. */
export function useHandoverLinkActions(petId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: linksKey(petId) });
  return {
    create: useMutation({
      mutationFn: (documentIds: readonly string[]) =>
        api.post(
          '/v1/pet/handover',
          { pet_id: petId, document_ids: documentIds, mode: 'link' },
          handoverLinkSchema,
        ),
      onSuccess: (link: HandoverLink) => {
        queryClient.setQueryData<HandoverLink[]>(linksKey(petId), (old) => [link, ...(old ?? [])]);
        void refresh();
      },
    }),
    revoke: useMutation({
      mutationFn: (id: string) => api.delete('/v1/pet/handover/link', handoverLinkSchema, { query: { id } }),
      onSuccess: () => refresh(),
    }),
  };
}
