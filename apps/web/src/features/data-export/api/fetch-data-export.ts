import { useQuery } from '@tanstack/react-query';
import { DATA_EXPORT_PATH, dataExportStateSchema, type DataExport } from '@pet/contract';
import { api } from '@/lib/api-client';
import { DATA_EXPORT_QUERY_KEY } from './keys';

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
