import { queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** Every appointments list in the cache starts with this key (one pet's and all pets'). */
export const APPOINTMENTS_QUERY_KEY = ['appointments', 'list'] as const;

/**
 * GET /v1/appointment/mypetappointments?pet_id= (one pet) or GET /v1/appointment/myappointments
 * (every pet of the user). Both answer plain arrays in the prefixed list form (appointment_id,
 * appointment_reason, ...; fromAppointmentListItem reads them).
 */
export const fetchAppointments = (petId: string | undefined, signal?: AbortSignal) =>
  petId
    ? api.get('/v1/appointment/mypetappointments', appointmentListResponseSchema, {
        query: { pet_id: petId },
        signal,
      })
    : api.get('/v1/appointment/myappointments', appointmentListResponseSchema, { signal });

export const appointmentsQueryKey = (petId: string | undefined) =>
  [...APPOINTMENTS_QUERY_KEY, petId ?? 'all'] as const;

export const appointmentsQueryOptions = (petId: string | undefined) =>
  queryOptions({
    queryKey: appointmentsQueryKey(petId),
    queryFn: ({ signal }) => fetchAppointments(petId, signal),
  });

/** A pet's appointments, or every pet's when `petId` is undefined. */
export function useAppointments(petId: string | undefined) {
  return useQuery(appointmentsQueryOptions(petId));
}
