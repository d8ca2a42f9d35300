import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client';
import { publicConfigAnswer } from './contract-answers';

/** GET /v1/config: the request's brand and what the deployment offers. Fetched once per visit. */
export const fetchPublicConfig = (signal?: AbortSignal) =>
  api.get('/v1/config', publicConfigAnswer, { signal });

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => fetchPublicConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  // The whole app waits for this answer: keep trying a little longer than ordinary queries.
  retry: 2,
});
