import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CARE_PATHS, weightGoalSchema } from '@pet/contract';
import { api, isApiError } from '@/lib/api-client';
import { careKeys } from './keys';

export type WeightGoal = z.infer<typeof weightGoalSchema>;

/** GET /v1/care/weight-goal?pet_id=: the pet's target band, null without one (null or 404). */
async function fetchWeightGoal(petId: string, signal?: AbortSignal): Promise<WeightGoal | null> {
  try {
    return await api.get(CARE_PATHS.weightGoal, weightGoalSchema.nullable(), {
      query: { pet_id: petId },
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export function useWeightGoal(petId: string, enabled = true) {
  return useQuery({
    queryKey: careKeys.weightGoal(petId),
    queryFn: ({ signal }) => fetchWeightGoal(petId, signal),
    enabled,
  });
}

/** PUT /v1/care/weight-goal?pet_id= (set) and DELETE (clear). */
export function useSaveWeightGoal(petId: string) {
  const queryClient = useQueryClient();
  const settle = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: careKeys.weightGoal(petId) }),
      queryClient.invalidateQueries({ queryKey: careKeys.notices() }),
    ]);
  const save = useMutation({
    mutationFn: (band: { min_kg: number; max_kg: number }) =>
      api.put(CARE_PATHS.weightGoal, band, z.unknown(), { query: { pet_id: petId } }),
    onSuccess: settle,
  });
  const clear = useMutation({
    mutationFn: () => api.delete(CARE_PATHS.weightGoal, z.unknown(), { query: { pet_id: petId } }),
    onSuccess: settle,
  });
  return { save, clear };
}
