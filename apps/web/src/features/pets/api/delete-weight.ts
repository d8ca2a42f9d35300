import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHARE_PATHS } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';
import { petKeys } from './keys';

/**
 * DELETE /v1/pet/weight?weight_id= (issue 35): one weight; a carer only their own, owners and
 * co-owners any. The answer is the pet: it replaces the cached pet. The pet's activity log (the
 * sharing feature's key, ['sharing', 'activity', id]) is read again.
 */
export function useDeleteWeight(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weightId: string) =>
      api.delete(SHARE_PATHS.weight, petAnswer, { query: { weight_id: weightId } }),
    onSuccess: (pet) => {
      queryClient.setQueryData(petKeys.detail(petId), pet);
      return queryClient.invalidateQueries({ queryKey: ['sharing', 'activity', petId] });
    },
  });
}
