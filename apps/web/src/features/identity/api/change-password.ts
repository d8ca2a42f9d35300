import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { identityPost } from './identity-request';

/**
 * POST /identity/change-password: needs the old password; ends every other session. A wrong old
 * password (and a 500, section 8) gives Invalid_Password_Text.
 */
export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  identityPost('/change-password', { ...input, revokeOtherSessions: true }, z.unknown(), {
    context: 'changePassword',
  });

export function useChangePasswordMutation() {
  return useMutation({ mutationKey: ['identity', 'change-password'], mutationFn: changePassword });
}
