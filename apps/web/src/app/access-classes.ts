import type { TextScope } from '@pet/contract';

/**
 * The route access classes (route-handle.ts says what each one means). A module of its own, with
 * type imports only, because the build reads it too (build/route-table-rows.ts: which first
 * visits load the signed-in shell, and which texts).
 */
export type SignedInAccess = 'signedIn' | 'signedInRoot' | 'signedInHome';
export type AccessClass = 'signedOutOnly' | 'open' | SignedInAccess;
export const SIGNED_IN_ACCESS: readonly SignedInAccess[] = ['signedIn', 'signedInRoot', 'signedInHome'];

export function isSignedInAccess(access: AccessClass): access is SignedInAccess {
  return (SIGNED_IN_ACCESS as readonly AccessClass[]).includes(access);
}

/**
 * The texts the app loads before it shows a route: sign-in and registration need only the public
 * texts (a first visit to /signin stays small); every other screen needs all of its language's.
 */
export function textScopeOf(access: AccessClass): TextScope {
  return access === 'signedOutOnly' ? 'public' : 'all';
}
