import { useMutation } from '@tanstack/react-query';
import type { ModifyBody } from '@pet/contract';
import { api } from '@/lib/api-client';
import { userInfoAnswer } from '@/lib/contract-answers';
import { patchSessionUser, useSessionStore } from '@/lib/session';

/**
 * POST /v1/auth/modify: name, or language ('English' | 'German'), or stay_loggedin. Answers the
 * user info, checked as myinfo's is (without zod: the shell's language switch uses this call).
 */
export const modifyUser = (body: ModifyBody) => api.post('/v1/auth/modify', body, userInfoAnswer);

export function useModifyUser() {
  const session = useSessionStore();
  return useMutation({
    mutationKey: ['account', 'modify'],
    mutationFn: modifyUser,
    // Only the fields this call changes: the rest of the session stays as the last full answer.
    onSuccess: (user, body) =>
      patchSessionUser(session, {
        ...(body.name !== undefined ? { name: user.name } : {}),
        ...(body.language !== undefined ? { language: user.language } : {}),
        ...(body.stay_loggedin !== undefined ? { stay_loggedin: user.stay_loggedin } : {}),
      }),
  });
}
