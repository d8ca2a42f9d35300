import { queryOptions, useQuery } from '@tanstack/react-query';
import { petSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/pet?pet_id=: the pet of the appointment pages' header. */
export const fetchAppointmentsPet = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/pet', petSchema, { query: { pet_id: petId }, signal });

export const appointmentsPetQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: ['appointments', 'pet', petId] as const,
    queryFn: ({ signal }) => fetchAppointmentsPet(petId, signal),
  });

export function useAppointmentsPet(petId: string) {
  return useQuery(appointmentsPetQueryOptions(petId));
}
