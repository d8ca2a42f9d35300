import { ForgotPasswordScreen } from '@/features/identity/components/ForgotPasswordScreen';

/** /forgot-password: asks for the reset mail, then goes to /reset-password?email=... */
export function Component() {
  return <ForgotPasswordScreen />;
}
