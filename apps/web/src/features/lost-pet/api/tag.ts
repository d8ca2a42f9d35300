import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  petTagActivitySchema,
  petTagSchema,
  type PetTag,
  type PetTagUpdate,
  type UiLanguage,
} from '@pet/contract';
import { api } from '@/lib/api-client';

const tagKey = (petId: string) => ['lost-pet', 'tag', petId] as const;
const activityKey = (petId: string) => ['lost-pet', 'activity', petId] as const;

/** GET /v1/pet/tag?pet_id= */
export function usePetTag(petId: string, enabled: boolean) {
  return useQuery({
    queryKey: tagKey(petId),
    queryFn: ({ signal }) => api.get('/v1/pet/tag', petTagSchema, { query: { pet_id: petId }, signal }),
    enabled,
  });
}

/** GET /v1/pet/tag/activity?pet_id=: refreshed every minute while the page is open. */
export function usePetTagActivity(petId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKey(petId),
    queryFn: ({ signal }) =>
      api.get('/v1/pet/tag/activity', petTagActivitySchema, { query: { pet_id: petId }, signal }),
    enabled,
    refetchInterval: 60_000,
  });
}

/** PUT, POST regenerate and DELETE of the tag: each answer (or a refetch) replaces the cached tag. */
export function usePetTagActions(petId: string) {
  const queryClient = useQueryClient();
  const query = { pet_id: petId };
  const store = (tag: PetTag) => queryClient.setQueryData(tagKey(petId), tag);
  return {
    update: useMutation({
      mutationFn: (body: PetTagUpdate) => api.put('/v1/pet/tag', body, petTagSchema, { query }),
      onSuccess: store,
    }),
    regenerate: useMutation({
      mutationFn: () => api.post('/v1/pet/tag/regenerate', undefined, petTagSchema, { query }),
      onSuccess: store,
    }),
    switchOff: useMutation({
      mutationFn: () => api.delete('/v1/pet/tag', messageResponseSchema, { query }),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKey(petId) }),
    }),
  };
}

/** GET /v1/pet/tag/pdf: the printable sheet. */
export const fetchTagSheet = (petId: string, language: UiLanguage) =>
  api.blob('/v1/pet/tag/pdf', { query: { pet_id: petId, language } });
