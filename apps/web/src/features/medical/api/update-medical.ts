import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  medicalRecordSchema,
  toMedicalListItem,
  type MedicalListItem,
  type MedicalType,
} from '@pet/contract';
import { api } from '@/lib/api-client';
import type { MedicalBody } from '@/features/medical/medical-form';
import { medicalsQueryKey } from './list-medicals';

/** PUT /v1/medical/{kind}?med_id=: replaces every field of the kind (allowed on every plan). */
export const updateMedical = (medId: string, type: MedicalType, body: MedicalBody) =>
  api.put(`/v1/medical/${type}`, body, medicalRecordSchema, { query: { med_id: medId } });

export function useUpdateMedical(petId: string, type: MedicalType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ medId, body }: { medId: string; body: MedicalBody }) => updateMedical(medId, type, body),
    onSuccess: async (record) => {
      const item = toMedicalListItem(record);
      queryClient.setQueryData<MedicalListItem[]>(medicalsQueryKey(petId), (list) =>
        list?.map((entry) => (entry.id === item.id ? item : entry)),
      );
      await queryClient.invalidateQueries({ queryKey: medicalsQueryKey(petId) });
    },
  });
}
