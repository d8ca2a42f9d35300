import { useLocalMutation } from '@/lib/local-mutation';
import { z } from 'zod';
import type { SignupBody } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/auth/signup answer (201): the account exists and the verification mail is on its way. */
export const signupResponseSchema = z.object({
  message: z.string(),
  user_id: z.string(),
  email: z.string(),
});

/**
 * POST /v1/auth/signup: account, brand, default plan and the activation code in one transaction.
 * Errors carry the signup keys: 409 User_Already_Exists, 403 PrimePet_Merging_Services, 400 with
 * the field's key, the code statuses (433, 470, 471, 473, 478).
 */
export const signup = (body: SignupBody) =>
  api.post('/v1/auth/signup', body, signupResponseSchema, { context: 'signup' });

export function useSignupMutation() {
  return useLocalMutation(signup);
}
