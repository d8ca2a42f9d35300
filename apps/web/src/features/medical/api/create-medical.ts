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

/**
 * POST /v1/medical/{allergy|disease|intervention|medication}?pet_id=. Refused with status 500 and
 * Medical_Not_Allowed_Text when the plan has no medical allowance.
 */
export const createMedical = (petId: string, type: MedicalType, body: MedicalBody) =>
  api.post(`/v1/medical/${type}`, body, medicalRecordSchema, { query: { pet_id: petId } });

export function useCreateMedical(petId: string, type: MedicalType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MedicalBody) => createMedical(petId, type, body),
    onSuccess: async (record) => {
      queryClient.setQueryData<MedicalListItem[]>(medicalsQueryKey(petId), (list) =>
        list ? [...list, toMedicalListItem(record)] : list,
      );
      await queryClient.invalidateQueries({ queryKey: medicalsQueryKey(petId) });
    },
  });
}
