import { queryOptions, useQuery } from '@tanstack/react-query';
import { CARE_PATHS } from '@pet/contract';
import { todayAnswer } from '@/lib/screen-answers';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/today: every due and overdue dose of the user's own and shared pets today. */
export const fetchToday = (signal?: AbortSignal) => api.get(CARE_PATHS.today, todayAnswer, { signal });

export const todayQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: careKeys.today(), queryFn: ({ signal }) => fetchToday(signal), enabled });

export function useToday(enabled = true) {
  return useQuery(todayQueryOptions(enabled));
}
