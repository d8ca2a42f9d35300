import { createContext, useContext, useSyncExternalStore } from 'react';
import { SESSION_READ_PATH, SIGN_IN_FINISH_PARAM, type UserInfo } from '@pet/contract';
import { api, isApiError, setIdentityId } from './api-client';
import { userInfoAnswer } from './contract-answers';
import { RemoteValue, useRemoteValue, type RetryRule } from './remote-value';
import { retryUnlessPermanent } from './retry';

/**
 * The signed-in state of the whole app is the session store (GET /v1/auth/myinfo):
 * 200 = signed in with a verified e-mail, 401 = signed out (account-area section 4, Auth state).
 * Features read the user (pets, product, ...) from here; after a change that affects it
 * (pet added or deleted, product activated) they call useSessionStore().invalidate().
 * It is a store of its own, not a TanStack query, so a signed-out visit never loads TanStack Query
 * (the signed-in screens load it with their code); it is the one source of truth for the user.
 */

/** The user info, or null when signed out. Keeps the identity header in step with the answer. */
export async function fetchSessionUser(signal?: AbortSignal): Promise<UserInfo | null> {
  try {
    const user = await api.get(SESSION_READ_PATH, userInfoAnswer, {
      signal,
      unauthorizedIsAnswer: true,
    });
    setIdentityId(user.id);
    return user;
  } catch (error) {
    // 401: no session. 403: a session whose e-mail is not verified, which does not count as
    // signed in (account-area section 1) and goes to /signin like a signed-out visitor.
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      setIdentityId(null);
      // A session of a banned user: the sign-in screen says why the user is out.
      if (error.key === 'Account_Disabled') signedOutReason = error.key;
      return null;
    }
    throw error;
  }
}

/** Why the last session ended when the server said so (Account_Disabled), for the sign-in screen. */
let signedOutReason: string | null = null;

export function signedOutReasonKey(): string | null {
  return signedOutReason;
}

export function clearSignedOutReason(): void {
  signedOutReason = null;
}

/** The user info: null = signed out, undefined = not known yet. */
export type SessionStore = RemoteValue<UserInfo | null>;

/** One per app (main.tsx, the tests): fresh for a minute, reloaded on focus, transient errors retried. */
export function createSessionStore(options: { retry?: RetryRule } = {}): SessionStore {
  return new RemoteValue<UserInfo | null>({
    load: fetchSessionUser,
    staleTime: 60_000,
    retry: options.retry ?? retryUnlessPermanent,
    refetchOnFocus: true,
  });
}

export const SessionStoreContext = createContext<SessionStore | null>(null);

/** The app's session store (to invalidate or patch the user after a change). */
export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs the app providers (SessionStoreContext)');
  return store;
}

export type SessionState =
  | { status: 'loading'; user: undefined }
  | { status: 'error'; user: undefined; error: unknown; retry: () => void }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: UserInfo };

export function useSession(): SessionState {
  const store = useSessionStore();
  const { data, isError, error } = useRemoteValue(store);
  if (data === undefined) {
    if (isError)
      return {
        status: 'error',
        user: undefined,
        error,
        retry: () => void store.refetch().catch(() => undefined),
      };
    return { status: 'loading', user: undefined };
  }
  return data === null ? { status: 'signedOut', user: null } : { status: 'signedIn', user: data };
}

/** For screens behind the signed-in guard: the user is always there. */
export function useSignedInUser(): UserInfo {
  const session = useSession();
  if (session.status !== 'signedIn') throw new Error('useSignedInUser is only for signed-in routes');
  return session.user;
}

/**
 * Are the pets being reloaded? True while the user info refetches after a change marked it
 * invalid (a pet added, renamed or deleted), not on the quiet refetch when the window regains focus.
 */
export function usePetsReloading(): boolean {
  const { isFetching, isInvalidated } = useRemoteValue(useSessionStore());
  return isFetching && isInvalidated;
}

/**
 * After a change of the signed-in user: show it at once (the top bar, the sidebar and the account
 * area read the session) and then reload the user info from the server.
 */
export function patchSessionUser(store: SessionStore, patch: Partial<UserInfo>): Promise<void> {
  const user = store.getState().data;
  if (user) store.set({ ...user, ...patch });
  return store.invalidate();
}

// ---------------------------------------------------------------------------------------------
// Signing out is a short transition: the sign-out call, forgetting the user, the navigation to
// where the user goes next (the "target"). Until the target is on screen with the user gone,
// the guards wait instead of redirecting, so they never act on a half-finished state (React
// commits a route change in a transition, later than the session change).

let signOutTarget: string | null = null;
const signOutListeners = new Set<() => void>();

export function setSignOutTarget(target: string | null): void {
  if (signOutTarget === target) return;
  signOutTarget = target;
  signOutListeners.forEach((listener) => listener());
}

export function currentSignOutTarget(): string | null {
  return signOutTarget;
}

function subscribeSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Where a running sign-out leads (a pathname), or null when none runs. */
export function useSignOutTarget(): string | null {
  return useSyncExternalStore(subscribeSignOut, currentSignOutTarget, () => null);
}

// ---------------------------------------------------------------------------------------------
// Signing in is the mirror image: the sign-in screen learns the user (the session query turns
// "signed in") and then decides where they go (continueUrl, the dashboard, the activation page).
// While it decides, the signed-out-only guard must not send the new user to / on its own.

let signInPending = false;
const signInListeners = new Set<() => void>();

export function setSignInPending(pending: boolean): void {
  if (signInPending === pending) return;
  signInPending = pending;
  signInListeners.forEach((listener) => listener());
}

function subscribeSignIn(listener: () => void): () => void {
  signInListeners.add(listener);
  return () => signInListeners.delete(listener);
}

/** True while a sign-in screen completes a sign-in (see setSignInPending). */
export function useSignInPending(): boolean {
  return useSyncExternalStore(
    subscribeSignIn,
    () => signInPending,
    () => false,
  );
}

/**
 * /signin?token=... (custom-token sign-in) and /signin?finish=1 (SIGN_IN_FINISH_PATH: back from a
 * magic link, Google or the verification link with a fresh session cookie) hand a session to the
 * sign-in screen: it runs even for a signed-in user (the token may belong to someone else) and
 * decides where the user goes next.
 */
export const SIGN_IN_TOKEN_PARAM = 'token';
export { SIGN_IN_FINISH_PARAM };

export function isSignInHandover(pathname: string, search: string): boolean {
  if (pathname !== '/signin') return false;
  const params = new URLSearchParams(search);
  return Boolean(params.get(SIGN_IN_TOKEN_PARAM)) || params.has(SIGN_IN_FINISH_PARAM);
}
