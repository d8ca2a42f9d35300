import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema, messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export const CALENDAR_FEED_QUERY_KEY = ['calendar', 'feed'] as const;

/** GET /v1/calendar/feed: whether a subscription address exists (it is shown only when made). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: CALENDAR_FEED_QUERY_KEY,
    queryFn: ({ signal }) => api.get('/v1/calendar/feed', calendarFeedStatusSchema, { signal }),
    enabled,
  });
}

/** POST /v1/calendar/feed: a new address (the previous one stops working). */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/v1/calendar/feed', undefined, calendarFeedCreatedSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_QUERY_KEY }),
  });
}

/** DELETE /v1/calendar/feed: switches the address off. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/v1/calendar/feed', messageResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_FEED_QUERY_KEY }),
  });
}

/** GET /v1/appointment/ics?appt_id=: saves one appointment as a calendar file. */
export async function downloadAppointmentIcs(apptId: string, fileName: string): Promise<void> {
  saveFile(await api.blob('/v1/appointment/ics', { query: { appt_id: apptId } }), fileName);
}
