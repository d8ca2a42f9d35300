import { useQuery } from '@tanstack/react-query';
import { petTagSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { petTagQueryKey } from './keys';

/** GET /v1/pet/tag?pet_id= */
export function usePetTag(petId: string) {
  return useQuery({
    queryKey: petTagQueryKey(petId),
    queryFn: ({ signal }) => api.get('/v1/pet/tag', petTagSchema, { query: { pet_id: petId }, signal }),
  });
}
