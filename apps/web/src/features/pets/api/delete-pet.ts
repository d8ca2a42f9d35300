import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session';
import { petKeys } from './keys';

/** DELETE /v1/pet?id=: the pet with all its data and files. */
export const deletePet = (petId: string) =>
  api.delete('/v1/pet', messageResponseSchema, { query: { id: petId } });

/** After a delete the user info is refetched, so the list and the sidebar refresh. */
export function useDeletePet() {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  return useMutation({
    mutationFn: deletePet,
    onSuccess: async (_answer, petId) => {
      queryClient.removeQueries({ queryKey: petKeys.detail(petId) });
      await session.invalidate();
    },
  });
}
