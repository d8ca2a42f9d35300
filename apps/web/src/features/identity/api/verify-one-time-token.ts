import { anyAnswer } from '@/lib/answer-check';
import { identityPost } from './identity-request';

/**
 * POST /identity/one-time-token/verify: custom-token sign-in. The server-minted token (single use,
 * a few minutes) becomes this browser's session cookie.
 */
export const verifyOneTimeToken = (token: string) =>
  identityPost('/one-time-token/verify', { token }, anyAnswer, { context: 'signIn' });
