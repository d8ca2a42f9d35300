import type { UiLanguage } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/pet/tag/pdf: the printable sheet. */
export const fetchTagSheet = (petId: string, language: UiLanguage) =>
  api.blob('/v1/pet/tag/pdf', { query: { pet_id: petId, language } });
