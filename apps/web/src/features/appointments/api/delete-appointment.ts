import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type AppointmentListItem } from '@pet/contract';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_QUERY_KEY } from './list-appointments';

/** DELETE /v1/appointment?appt_id=. */
export const deleteAppointment = (apptId: string) =>
  api.delete('/v1/appointment', messageResponseSchema, { query: { appt_id: apptId } });

export function useDeleteAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apptId: string) => deleteAppointment(apptId),
    onSuccess: async (_answer, apptId) => {
      queryClient.setQueriesData<AppointmentListItem[]>({ queryKey: APPOINTMENTS_QUERY_KEY }, (list) =>
        list?.filter((entry) => entry.appointment_id !== apptId),
      );
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
    },
  });
}
