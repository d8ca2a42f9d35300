import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DATA_EXPORT_FILE_PATH,
  DATA_EXPORT_PATH,
  dataExportStateSchema,
  type DataExport,
} from '@pet/contract';
import { api, buildUrl } from '@/lib/api-client';

export const DATA_EXPORT_QUERY_KEY = ['account', 'export'] as const;

/** How often the status is asked while an export is queued or running. */
export const DATA_EXPORT_POLL_MS = 1500;

const inProgress = (item: DataExport | null | undefined) =>
  item?.status === 'queued' || item?.status === 'running';

/** GET /v1/account/export: the latest export, polled while it is being built. */
export function useDataExport() {
  return useQuery({
    queryKey: DATA_EXPORT_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await api.get(DATA_EXPORT_PATH, dataExportStateSchema, { signal })).export,
    refetchInterval: (query) => (inProgress(query.state.data) ? DATA_EXPORT_POLL_MS : false),
  });
}

/** POST /v1/account/export: starts an export (or answers the running one). */
export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post(DATA_EXPORT_PATH, undefined, dataExportStateSchema)).export,
    onSuccess: (started) => queryClient.setQueryData(DATA_EXPORT_QUERY_KEY, started),
  });
}

/**
 * The signed-in download: a plain link (the browser streams the ZIP to disk with the session
 * cookie; a Blob of a large export would sit in memory).
 */
export const dataExportFileUrl = () => buildUrl(DATA_EXPORT_FILE_PATH);
