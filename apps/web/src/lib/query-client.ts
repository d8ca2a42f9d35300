import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Answers that will not change on a retry: 4xx decisions and answers off the contract. */
function isPermanent(error: unknown): boolean {
  return isApiError(error) && (error.isClientError || error.kind === 'invalid-response');
}

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isPermanent(error) && failureCount < MAX_RETRIES,
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
