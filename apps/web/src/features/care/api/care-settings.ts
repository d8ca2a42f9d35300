import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARE_PATHS, careSettingsSchema, type CareSettings } from '@pet/contract';
import { api } from '@/lib/api-client';
import { careKeys } from './keys';

/** GET /v1/care/settings: the user's time zone and how each kind of reminder reaches them. */
export const fetchCareSettings = (signal?: AbortSignal) =>
  api.get(CARE_PATHS.settings, careSettingsSchema, { signal });

export const careSettingsQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: careKeys.settings(),
    queryFn: ({ signal }) => fetchCareSettings(signal),
    enabled,
  });

export function useCareSettings(enabled = true) {
  return useQuery(careSettingsQueryOptions(enabled));
}

/** PUT /v1/care/settings: the changed fields; answers the whole settings. */
export function useSaveCareSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CareSettings>) => api.put(CARE_PATHS.settings, body, careSettingsSchema),
    onSuccess: (settings) => {
      queryClient.setQueryData(careKeys.settings(), settings);
      return queryClient.invalidateQueries({ queryKey: careKeys.today() });
    },
  });
}
