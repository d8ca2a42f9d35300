import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentSchema, type AppointmentCreateBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './list-appointments';

/**
 * POST /v1/appointment?pet_id=. Refused with status 500 and Appointment_Limit_Reached_Message (or
 * No_Pet_Text) when the plan has no appointments.
 */
export const createAppointment = (petId: string, body: AppointmentCreateBody) =>
  api.post('/v1/appointment', body, appointmentSchema, { query: { pet_id: petId } });

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ petId, body }: { petId: string; body: AppointmentCreateBody }) =>
      createAppointment(petId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
    },
  });
}
