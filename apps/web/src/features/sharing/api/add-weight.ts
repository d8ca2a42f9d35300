import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHARE_PATHS, type WeightEntry } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';
import { shareKeys } from './keys';

/**
 * POST /v1/pet/weight?pet_id=: one weight, what a carer may add without editing the profile. The
 * answer is the pet; it replaces the cached pet (the pets feature's key, ['pets', id]).
 */
export function useAddWeight(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: WeightEntry) =>
      api.post(SHARE_PATHS.weight, entry, petAnswer, { query: { pet_id: petId } }),
    onSuccess: (pet) => {
      queryClient.setQueryData(['pets', petId], pet);
      return queryClient.invalidateQueries({ queryKey: shareKeys.activity(petId) });
    },
  });
}
