import { queryOptions, useQuery } from '@tanstack/react-query';
import { CARE_PATHS, scheduleSchema, type Schedule } from '@pet/contract';
import { api, isApiError } from '@/lib/api-client';
import { careKeys } from './keys';

/**
 * GET /v1/care/schedule?med_id=: the medication's schedule; null when it has none (the server
 * answers null, or 404 for a medication without one).
 */
export async function fetchSchedule(medId: string, signal?: AbortSignal): Promise<Schedule | null> {
  try {
    return await api.get(CARE_PATHS.schedule, scheduleSchema.nullable(), {
      query: { med_id: medId },
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const scheduleQueryOptions = (medId: string, enabled = true) =>
  queryOptions({
    queryKey: careKeys.schedule(medId),
    queryFn: ({ signal }) => fetchSchedule(medId, signal),
    enabled,
  });

export function useSchedule(medId: string, enabled = true) {
  return useQuery(scheduleQueryOptions(medId, enabled));
}
