import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CARE_PATHS, scheduleSchema, type ScheduleBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** PUT /v1/care/schedule?med_id=: set (replace) a medication's schedule. */
export function useSaveSchedule(medId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) =>
      api.put(CARE_PATHS.schedule, body, scheduleSchema, { query: { med_id: medId } }),
    onSuccess: (schedule) => {
      queryClient.setQueryData(careKeys.schedule(medId), schedule);
      return queryClient.invalidateQueries({ queryKey: careKeys.today() });
    },
  });
}

/** DELETE /v1/care/schedule?med_id=: the medication has no schedule any more. */
export function useDeleteSchedule(medId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(CARE_PATHS.schedule, z.unknown(), { query: { med_id: medId } }),
    onSuccess: () => {
      queryClient.setQueryData(careKeys.schedule(medId), null);
      return queryClient.invalidateQueries({ queryKey: careKeys.today() });
    },
  });
}
