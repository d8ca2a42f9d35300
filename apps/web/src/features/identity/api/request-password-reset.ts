import { useLocalMutation } from '@/lib/local-mutation';
import { messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/auth/password/reset: mails a single-use reset link (to /reset-password?token=...).
 * The answer is the same for known and unknown addresses.
 */
export const requestPasswordReset = (input: { email: string; url: string }) =>
  api.post(
    '/v1/auth/password/reset',
    { email: input.email, url: input.url, handle_code_in_app: false },
    messageResponseSchema,
    { unauthorizedIsAnswer: true },
  );

export function useRequestPasswordResetMutation() {
  return useLocalMutation(requestPasswordReset);
}
