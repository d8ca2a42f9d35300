import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { CALENDAR_FEED_QUERY_KEY } from './keys';

/** DELETE /v1/calendar/feed: switches the address off. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/v1/calendar/feed', messageResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_QUERY_KEY }),
  });
}
