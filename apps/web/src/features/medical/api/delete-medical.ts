import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type MedicalListItem } from '@pet/contract';
import { api } from '@/lib/api-client';
import { medicalsQueryKey } from './list-medicals';

/** DELETE /v1/medical?med_id=: one path for every kind. */
export const deleteMedical = (medId: string) =>
  api.delete('/v1/medical', messageResponseSchema, { query: { med_id: medId } });

export function useDeleteMedical(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (medId: string) => deleteMedical(medId),
    onSuccess: async (_answer, medId) => {
      queryClient.setQueryData<MedicalListItem[]>(medicalsQueryKey(petId), (list) =>
        list?.filter((entry) => entry.id !== medId),
      );
      await queryClient.invalidateQueries({ queryKey: medicalsQueryKey(petId) });
    },
  });
}
