import { QueryClient } from '@tanstack/react-query';
import { retryUnlessPermanent } from './retry';

/**
 * The TanStack Query client of the signed-in screens (and the open ones that read lists).
 * Created on first use by app/QueryProvider, which only lazily loaded screens import, so a
 * signed-out visit does not load TanStack Query. The session and the brand config are not in
 * it: they are stores of their own (lib/session.ts, app/ConfigGate.tsx).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: retryUnlessPermanent,
        // Data of one owner changes only through this tab in practice; refetch on focus catches the rest.
        staleTime: 30_000,
        refetchOnWindowFocus: true,
      },
      mutations: {
        // A repeated POST could create a second pet or order: never retry writes automatically.
        retry: false,
      },
    },
  });
}
