import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appointmentSchema,
  toAppointmentListItem,
  type AppointmentListItem,
  type AppointmentUpdateBody,
} from '@pet/contract';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './list-appointments';

/** PUT /v1/appointment?appt_id=: every field but the type (which cannot change) and the time zone. */
export const updateAppointment = (apptId: string, body: AppointmentUpdateBody) =>
  api.put('/v1/appointment', body, appointmentSchema, { query: { appt_id: apptId } });

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ apptId, body }: { apptId: string; body: AppointmentUpdateBody }) =>
      updateAppointment(apptId, body),
    onSuccess: async (appointment) => {
      const item = toAppointmentListItem(appointment);
      // The row changes at once in every list that shows it (one pet's and all pets').
      queryClient.setQueriesData<AppointmentListItem[]>({ queryKey: APPOINTMENTS_QUERY_KEY }, (list) =>
        list?.map((entry) => (entry.appointment_id === item.appointment_id ? item : entry)),
      );
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
    },
  });
}
