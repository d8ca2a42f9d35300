import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema } from '@pet/contract';
import { api } from '@/lib/api-client';

/** POST /v1/auth/verifyemail: after sign-in, for a verified user without a product. */
export const confirmVerifiedEmail = () => api.post('/v1/auth/verifyemail', {}, messageResponseSchema);

export function useConfirmVerifiedEmailMutation() {
  return useMutation({ mutationKey: ['auth', 'verifyemail'], mutationFn: confirmVerifiedEmail });
}
