import type { PublicConfig } from '@pet/contract';
import { api } from './api-client';
import { publicConfigAnswer } from './contract-answers';
import { RemoteValue } from './remote-value';

/** GET /v1/config: the request's brand and what the deployment offers. Fetched once per visit. */
export const fetchPublicConfig = (signal?: AbortSignal) =>
  api.get('/v1/config', publicConfigAnswer, { signal });

type ConfigLoader = (signal: AbortSignal, load: typeof fetchPublicConfig) => Promise<PublicConfig>;

/**
 * The config as a store (app/ConfigGate): never stale during a visit, and, since the whole app
 * waits for this answer, retried twice (1 s, 2 s) before the retry screen shows. `wrap` runs
 * around the call (ConfigGate lays the brand's wording over the texts there).
 */
export function createConfigStore(wrap: ConfigLoader = (signal, load) => load(signal)) {
  return new RemoteValue<PublicConfig>({
    load: (signal) => wrap(signal, fetchPublicConfig),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
}
