import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { addressFormToBody, type AddressForm } from '@pet/contract';
import { api } from '@/lib/api-client';
import { patchSessionUser, useSessionStore } from '@/lib/session';

/** PUT /v1/user/update?id={user id}: zipcode, phone, address_2, address_1, city, country. */
export const updateAddress = (userId: string, form: AddressForm) =>
  api.put('/v1/user/update', addressFormToBody(form), z.unknown(), { query: { id: userId } });

export function useUpdateAddress(userId: string) {
  const session = useSessionStore();
  return useMutation({
    mutationKey: ['account', 'address'],
    mutationFn: (form: AddressForm) => updateAddress(userId, form),
    onSuccess: (_answer, form) => {
      // The server stores '' as "none" (null); the session mirrors that until the refetch.
      const body = addressFormToBody(form);
      const stored = (value: string) => (value.trim() === '' ? null : value.trim());
      return patchSessionUser(session, {
        zipcode: stored(body.zipcode),
        phone: stored(body.phone),
        address_1: stored(body.address_1),
        address_2: stored(body.address_2),
        city: stored(body.city),
        country: stored(body.country),
      });
    },
  });
}
