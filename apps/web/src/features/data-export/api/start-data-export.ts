import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DATA_EXPORT_PATH, dataExportStateSchema } from '@pet/contract';
import { api } from '@/lib/api-client';
import { DATA_EXPORT_QUERY_KEY } from './keys';

/** POST /v1/account/export: starts an export (or answers the running one). */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post(DATA_EXPORT_PATH, undefined, dataExportStateSchema)).export,
    onSuccess: (started) => queryClient.setQueryData(DATA_EXPORT_QUERY_KEY, started),
  });
}
