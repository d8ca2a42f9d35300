import { useLocalMutation } from '@/lib/local-mutation';
import { VERIFICATION_ANDROID_MINIMUM_VERSION } from '@pet/contract';
import { api } from '@/lib/api-client';
import { messageResponseAnswer } from '@/lib/contract-answers';

/**
 * POST /v1/auth/verification/sendemail: the verification mail again. Without a session (an
 * unverified user cannot hold one) the address goes in the body; `url` is where the verified user
 * lands. The answer is the same for every address.
 */
export const sendVerificationEmail = (input: { email: string; url: string }) =>
  api.post(
    '/v1/auth/verification/sendemail',
    {
      email: input.email,
      url: input.url,
      handle_code_in_app: false,
      android_minimum_version: VERIFICATION_ANDROID_MINIMUM_VERSION,
    },
    messageResponseAnswer,
    { unauthorizedIsAnswer: true },
  );

export function useSendVerificationEmailMutation() {
  return useLocalMutation(sendVerificationEmail);
}
