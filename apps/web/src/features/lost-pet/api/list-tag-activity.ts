import { useQuery } from '@tanstack/react-query';
import { petTagActivitySchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petTagActivityQueryKey } from './keys';

/** GET /v1/pet/tag/activity?pet_id=: refreshed every minute while the page is open. */
export function usePetTagActivity(petId: string) {
  return useQuery({
    queryKey: petTagActivityQueryKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/pet/tag/activity', petTagActivitySchema, { query: { pet_id: petId }, signal }),
    refetchInterval: 60_000,
  });
}
