import { createContext, useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Where the app keeps its TanStack QueryClient once one exists: empty on a signed-out visit,
 * filled by app/QueryProvider (lazily loaded with the screens that use queries). Signing out
 * empties the client's cache through it; this module itself loads no TanStack code.
 */
export interface QueryClientHolder {
  client: QueryClient | undefined;
}

export const QueryClientHolderContext = createContext<QueryClientHolder | null>(null);

export function useQueryClientHolder(): QueryClientHolder {
  const holder = useContext(QueryClientHolderContext);
  if (!holder) throw new Error('useQueryClientHolder needs the app providers (QueryClientHolderContext)');
  return holder;
}
