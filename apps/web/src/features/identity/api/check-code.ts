import { useLocalMutation } from '@/lib/local-mutation';
import { codeCheckResponseSchema, type CodeCheckBody } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/auth/checkcode: the code-validity check of registration (nothing is redeemed).
 * Answers {isvalid, message, product}; 409 when the tracker id belongs to someone else, 400 for a
 * malformed code or tracker id.
 */
export const checkCode = (body: CodeCheckBody) =>
  api.post('/v1/auth/checkcode', body, codeCheckResponseSchema, { unauthorizedIsAnswer: true });

export function useCheckCodeMutation() {
  return useLocalMutation(checkCode);
}
