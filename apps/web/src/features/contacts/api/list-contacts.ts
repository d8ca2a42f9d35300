import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactListResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** GET /v1/contact/mycontacts?pet_id=: every contact of the pet, in the order they were added. */
export const fetchContacts = (petId: string, signal?: AbortSignal) =>
  api.get('/v1/contact/mycontacts', contactListResponseSchema, { query: { pet_id: petId }, signal });

export const contactsQueryKey = (petId: string) => ['contacts', 'list', petId] as const;

export const contactsQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: contactsQueryKey(petId),
    queryFn: ({ signal }) => fetchContacts(petId, signal),
  });

export function useContacts(petId: string) {
  return useQuery(contactsQueryOptions(petId));
}
