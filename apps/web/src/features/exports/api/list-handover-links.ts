import { useQuery } from '@tanstack/react-query';
import { handoverLinkListSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { handoverLinksQueryKey } from './keys';

/** GET /v1/pet/handover/links?pet_id=: the pet's share links, newest first. */
export function useHandoverLinks(petId: string) {
  return useQuery({
    queryKey: handoverLinksQueryKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/pet/handover/links', handoverLinkListSchema, { query: { pet_id: petId }, signal }),
  });
}
