import { anyAnswer } from '@/lib/answer-check';
import { api } from '@/lib/api-client';

/**
 * POST /identity/sign-out (better-auth): ends the cookie session. A 401 here only means the
 * session was already gone, so it must not trigger the app's 401 sign-out again.
 */
export const signOut = () => api.post('/identity/sign-out', {}, anyAnswer, { unauthorizedIsAnswer: true });
