import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';
import { anyAnswer } from '@/lib/answer-check';
import { careKeys } from './keys';

/** DELETE /v1/care/dose?id=: undo a confirmation within UNDO_WINDOW_MINUTES (409 after). */
export function useUndoDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ logId }: { logId: string; medId: string }) =>
      api.delete(CARE_PATHS.dose, anyAnswer, { query: { id: logId } }),
    onSettled: (_data, _error, { medId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careKeys.today() }),
        queryClient.invalidateQueries({ queryKey: careKeys.doses(medId) }),
      ]),
  });
}
