import { ResetPasswordScreen } from '@/features/identity/components/ResetPasswordScreen';

/** /reset-password: "the mail is on its way", or with ?token= (the mail's link) the new password. */
export function Component() {
  return <ResetPasswordScreen />;
}
