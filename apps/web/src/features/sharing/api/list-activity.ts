import { useInfiniteQuery } from '@tanstack/react-query';
import { SHARE_PATHS, activityPageSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { shareKeys } from './keys';

/** GET /v1/share/activity?pet_id=&before=: newest first, a page at a time (next_before). */
export function usePetActivity(petId: string) {
  return useInfiniteQuery({
    queryKey: shareKeys.activity(petId),
    queryFn: ({ signal, pageParam }) =>
      api.get(SHARE_PATHS.activity, activityPageSchema, {
        query: pageParam ? { pet_id: petId, before: pageParam } : { pet_id: petId },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.next_before ?? undefined,
  });
}
