import {
  CONTRACT_CANCELLATION_API_PATH,
  contractCancellationResponseSchema,
  type ContractCancellationBody,
} from '@pet/contract';
import { api } from '@/lib/api-client';
import { useLocalMutation } from '@/lib/local-mutation';

/**
 * POST /v1/contract/cancellation (§ 312k BGB): open to everyone; the answer (when it was received)
 * is the same for every address.
 */
export const declareCancellation = (body: ContractCancellationBody) =>
  api.post(CONTRACT_CANCELLATION_API_PATH, body, contractCancellationResponseSchema, {
    unauthorizedIsAnswer: true,
  });

export function useDeclareCancellation() {
  return useLocalMutation(declareCancellation);
}
