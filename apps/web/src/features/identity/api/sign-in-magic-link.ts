import { useLocalMutation } from '@/lib/local-mutation';
import { anyAnswer } from '@/lib/answer-check';
import { identityPost } from './identity-request';

export interface MagicLinkRequest {
  email: string;
  /** Absolute URLs on this origin: where the link lands, and where it lands when it is invalid. */
  callbackURL: string;
  errorCallbackURL: string;
}

/**
 * POST /identity/sign-in/magic-link: mails a single-use sign-in link (15 minutes). The answer is
 * the same whether or not the address has an account.
 */
export const requestMagicLink = (request: MagicLinkRequest) =>
  identityPost('/sign-in/magic-link', request, anyAnswer, { context: 'signIn' });

export function useRequestMagicLinkMutation() {
  return useLocalMutation(requestMagicLink);
}
