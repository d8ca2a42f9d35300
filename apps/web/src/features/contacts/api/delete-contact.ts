import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type Contact } from '@pet/contract';
import { api } from '@/lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** DELETE /v1/contact?contact_id= (the path our API chose; the spec does not show one). */
export const deleteContact = (contactId: string) =>
  api.delete('/v1/contact', messageResponseSchema, { query: { contact_id: contactId } });

export function useDeleteContact(petId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: string) => deleteContact(contactId),
    onSuccess: (_answer, contactId) => {
      queryClient.setQueryData<Contact[]>(contactsQueryKey(petId), (list) =>
        list?.filter((item) => item.id !== contactId),
      );
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey(petId) });
    },
  });
}
