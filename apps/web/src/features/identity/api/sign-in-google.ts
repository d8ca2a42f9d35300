import { useLocalMutation } from '@/lib/local-mutation';
import { jsonSchemaAnswer } from '@/lib/answer-check';
import { identityPost } from './identity-request';

export interface GoogleSignInRequest {
  callbackURL: string;
  errorCallbackURL: string;
}

/**
 * POST /identity/sign-in/social {provider: google}: the URL of the OpenID provider to send the
 * browser to. It comes back to callbackURL with the session cookie, or to errorCallbackURL?error=.
 */
export const startGoogleSignIn = (request: GoogleSignInRequest) =>
  identityPost(
    '/sign-in/social',
    { provider: 'google', ...request, disableRedirect: true },
    jsonSchemaAnswer<{ url: string }>({
      type: 'object',
      properties: { url: { type: 'string', minLength: 1 } },
      required: ['url'],
    }),
    { context: 'signIn' },
  );

export function useStartGoogleSignInMutation() {
  return useLocalMutation(startGoogleSignIn);
}
