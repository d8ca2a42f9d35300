import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
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
    z.object({ url: z.string().min(1) }).loose(),
    { context: 'signIn' },
  );

export function useStartGoogleSignInMutation() {
  return useMutation({ mutationKey: ['identity', 'sign-in', 'google'], mutationFn: startGoogleSignIn });
}
