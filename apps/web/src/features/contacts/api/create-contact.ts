import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact, type ContactBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** POST /v1/contact?pet_id=: adds a contact to the pet. */
export const createContact = (petId: string, body: ContactBody) =>
  api.post('/v1/contact', body, contactSchema, { query: { pet_id: petId } });

export function useCreateContact(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => createContact(petId, body),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact[]>(contactsQueryKey(petId), (list) =>
        list ? [...list, contact] : list,
      );
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey(petId) });
    },
  });
}
