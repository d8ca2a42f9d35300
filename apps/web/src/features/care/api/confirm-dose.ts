import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CARE_PATHS, type DoseBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { anyAnswer } from '@/lib/answer-check';
import { careKeys } from './keys';

/**
 * POST /v1/care/dose?med_id=: a slot given or skipped (with its reason). A second confirmation of
 * the same slot is a 409 (Care_Dose_Already_Confirmed_Error); Today reloads either way so it shows
 * who confirmed it.
 */
export function useConfirmDose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ medId, body }: { medId: string; body: DoseBody }) =>
      api.post(CARE_PATHS.dose, body, anyAnswer, { query: { med_id: medId } }),
    onSettled: (_data, _error, { medId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: careKeys.today() }),
        queryClient.invalidateQueries({ queryKey: careKeys.doses(medId) }),
      ]),
  });
}
