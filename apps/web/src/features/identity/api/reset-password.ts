import { useLocalMutation } from '@/lib/local-mutation';
import { z } from 'zod';
import { identityPost } from './identity-request';

/**
 * POST /identity/reset-password: sets the new password with the token of the reset mail and ends
 * every session of the user. An invalid or used token gives identity.reset.linkInvalid.
 */
export const resetPassword = (input: { token: string; newPassword: string }) =>
  identityPost('/reset-password', input, z.unknown(), { context: 'resetPassword' });

export function useResetPasswordMutation() {
  return useLocalMutation(resetPassword);
}
