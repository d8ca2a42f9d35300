import { api } from '@/lib/api-client';

/** GET /v1/pet/export/record?pet_id=: the vaccination and medication record (PDF). */
export const fetchPetRecord = (petId: string) =>
  api.blob('/v1/pet/export/record', { query: { pet_id: petId }, timeoutMs: 60_000 });
