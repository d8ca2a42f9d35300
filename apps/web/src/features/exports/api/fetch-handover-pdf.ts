import { api } from '@/lib/api-client';

/** POST /v1/pet/handover with mode pdf: the handover PDF at once. */
export const fetchHandoverPdf = (petId: string, documentIds: readonly string[]) =>
  api.blob('/v1/pet/handover', {
    method: 'POST',
    body: { pet_id: petId, document_ids: documentIds, mode: 'pdf' },
    timeoutMs: 60_000,
  });
