import { useQuery } from '@tanstack/react-query';
import { SHARE_PATHS, shareListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** GET /v1/share/list?pet_id=: who has (or was invited to) the pet, newest first; owner only. */
export function useShares(petId: string, enabled = true) {
  return useQuery({
    queryKey: shareKeys.list(petId),
    queryFn: ({ signal }) =>
      api.get(SHARE_PATHS.list, shareListResponseSchema, { query: { pet_id: petId }, signal }),
    enabled,
  });
}
