import { useQuery } from '@tanstack/react-query';
import { calendarFeedStatusSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { CALENDAR_FEED_QUERY_KEY } from './keys';

/** GET /v1/calendar/feed: whether a subscription address exists (it is shown only when made). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: CALENDAR_FEED_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/v1/calendar/feed', calendarFeedStatusSchema, { signal }),
    enabled,
  });
}
