import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { SignInForm } from '@pet/contract';
import { identityPost } from './identity-request';

/**
 * POST /identity/sign-in/email: the session cookie on success. Failures carry the sign-in keys of
 * section 8 (Invalid_Credentials, Account_Disabled, Email_Verify_Failed, Sign_In_Failed, 438).
 */
export const signInWithEmail = (form: SignInForm) =>
  identityPost(
    '/sign-in/email',
    { email: form.email, password: form.password },
    z.object({ user: z.object({ id: z.string(), email: z.string() }).loose() }).loose(),
    { context: 'signIn' },
  );

export function useSignInWithEmailMutation() {
  return useMutation({ mutationKey: ['identity', 'sign-in', 'email'], mutationFn: signInWithEmail });
}
