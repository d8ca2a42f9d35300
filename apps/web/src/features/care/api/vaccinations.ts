import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CARE_PATHS,
  appointmentListResponseSchema,
  vaccinationDueSchema,
  type VaccinationDue,
} from '@pet/contract';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/vaccinations?pet_id=: the pet's vaccinations that come due, with their state. */
export const fetchVaccinations = (petId: string, signal?: AbortSignal) =>
  api.get(CARE_PATHS.vaccinations, z.array(vaccinationDueSchema), { query: { pet_id: petId }, signal });

export function useVaccinations(petId: string, enabled = true) {
  return useQuery({
    queryKey: careKeys.vaccinations(petId),
    queryFn: ({ signal }) => fetchVaccinations(petId, signal),
    enabled,
  });
}

/**
 * The pet's appointments of type Vaccination, to take a due date from (the appointments list call;
 * the care feature reads it itself, features do not import each other).
 */
export function useVaccinationAppointments(petId: string, enabled: boolean) {
  return useQuery({
    queryKey: careKeys.vaccinationAppointments(petId),
    queryFn: async ({ signal }) =>
      (
        await api.get('/v1/appointment/mypetappointments', appointmentListResponseSchema, {
          query: { pet_id: petId },
          signal,
        })
      ).filter((item) => item.appointment_type === 'Vaccination'),
    enabled,
  });
}

export interface VaccinationDueInput {
  name: string;
  due_on: string;
  appointment_id?: string | null;
}

function useInvalidateVaccinations(petId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: careKeys.vaccinations(petId) }),
      queryClient.invalidateQueries({ queryKey: careKeys.notices() }),
    ]);
}

/** POST /v1/care/vaccination?pet_id= (new) or PUT ?id= (change). */
export function useSaveVaccination(petId: string) {
  const invalidate = useInvalidateVaccinations(petId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: VaccinationDueInput }) =>
      id
        ? api.put(CARE_PATHS.vaccination, body, vaccinationDueSchema, { query: { id } })
        : api.post(CARE_PATHS.vaccination, body, vaccinationDueSchema, { query: { pet_id: petId } }),
    onSuccess: invalidate,
  });
}

/** POST /v1/care/vaccination/done?id=: given today (the server's day in the household zone). */
export function useMarkVaccinationDone(petId: string) {
  const invalidate = useInvalidateVaccinations(petId);
  return useMutation({
    mutationFn: (vaccination: VaccinationDue) =>
      api.post(CARE_PATHS.vaccinationDone, {}, z.unknown(), { query: { id: vaccination.id } }),
    onSuccess: invalidate,
  });
}

/** DELETE /v1/care/vaccination?id=. */
export function useDeleteVaccination(petId: string) {
  const invalidate = useInvalidateVaccinations(petId);
  return useMutation({
    mutationFn: (vaccination: VaccinationDue) =>
      api.delete(CARE_PATHS.vaccination, z.unknown(), { query: { id: vaccination.id } }),
    onSuccess: invalidate,
  });
}
