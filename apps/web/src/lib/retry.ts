import { isApiError } from './api-client';

/** Answers that will not change on a retry: 4xx decisions and answers off the contract. */
function isPermanent(error: unknown): boolean {
  return isApiError(error) && (error.isClientError || error.kind === 'invalid-response');
}

const MAX_RETRIES = 2;

/** The app's rule for reads: retry network and server failures twice, never a decision. */
export function retryUnlessPermanent(failureCount: number, error: unknown): boolean {
  return !isPermanent(error) && failureCount < MAX_RETRIES;
}
