import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact, type ContactBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** PUT /v1/contact?contact_id=: replaces every field of the contact. */
export const updateContact = (contactId: string, body: ContactBody) =>
  api.put('/v1/contact', body, contactSchema, { query: { contact_id: contactId } });

export function useUpdateContact(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: string; body: ContactBody }) =>
      updateContact(contactId, body),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact[]>(contactsQueryKey(petId), (list) =>
        list?.map((item) => (item.id === contact.id ? contact : item)),
      );
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey(petId) });
    },
  });
}
