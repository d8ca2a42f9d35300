import { SignInScreen } from '@/features/identity/components/SignInScreen';

/**
 * /signin: the sign-in screen, and the hand-overs ?continueUrl=...&token=... (custom-token
 * sign-in) and ?finish=1 (back from a magic link or Google).
 */
export function Component() {
  return <SignInScreen />;
}
