import { useMutation } from '@tanstack/react-query';
import { activationResponseSchema, type VerifyCodeBody } from '@pet/contract';
import { api } from '@/lib/api-client';

/**
 * POST /v1/auth/verifycode on the Activate product page: {code} or {code, tracker_ids}. An empty
 * 204 (no such code) is an error here; every failure carries its status for the page's texts.
 */
export const verifyCode = (body: VerifyCodeBody) =>
  api.post('/v1/auth/verifycode', body, activationResponseSchema, {
    context: 'activationPage',
    noContentIsError: true,
  });

export function useVerifyCode() {
  return useMutation({ mutationKey: ['account', 'verifycode'], mutationFn: verifyCode });
}
