import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreatedSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { CALENDAR_FEED_QUERY_KEY } from './keys';

/** POST /v1/calendar/feed: a new address (the previous one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/calendar/feed', undefined, calendarFeedCreatedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_QUERY_KEY }),
  });
}
