/**
 * The route access classes (route-handle.ts says what each one means). A module of its own, with
 * no imports, because the build reads it too (build/route-preloads.ts: which first visits load the
 * signed-in shell).
 */
export type SignedInAccess = 'signedIn' | 'signedInRoot' | 'signedInHome';
export type AccessClass = 'signedOutOnly' | 'open' | SignedInAccess;
export const SIGNED_IN_ACCESS: readonly SignedInAccess[] = ['signedIn', 'signedInRoot', 'signedInHome'];

export function isSignedInAccess(access: AccessClass): access is SignedInAccess {
  return (SIGNED_IN_ACCESS as readonly AccessClass[]).includes(access);
}
