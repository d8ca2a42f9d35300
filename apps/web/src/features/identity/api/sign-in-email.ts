import { useLocalMutation } from '@/lib/local-mutation';
import type { SignInForm } from '@pet/contract';
import { jsonSchemaAnswer } from '@/lib/answer-check';
import { identityPost } from './identity-request';

/**
 * POST /identity/sign-in/email: the session cookie on success. Failures carry the sign-in keys of
 * section 8 (Invalid_Credentials, Account_Disabled, Email_Verify_Failed, Sign_In_Failed, 438).
 */
/** The session's user (better-auth answers more, which is not read). */
const signInAnswer = jsonSchemaAnswer<{ user: { id: string; email: string } }>({
  type: 'object',
  properties: {
    user: {
      type: 'object',
      properties: { id: { type: 'string' }, email: { type: 'string' } },
      required: ['id', 'email'],
    },
  },
  required: ['user'],
});

export const signInWithEmail = (form: SignInForm) =>
  identityPost('/sign-in/email', { email: form.email, password: form.password }, signInAnswer, {
    context: 'signIn',
  });

export function useSignInWithEmailMutation() {
  return useLocalMutation(signInWithEmail);
}
