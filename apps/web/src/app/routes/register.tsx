import { RegisterScreen } from '@/features/identity/components/RegisterScreen';

/** /register: the two-step registration (the guard signs out first for another ?email=). */
export function Component() {
  return <RegisterScreen />;
}
