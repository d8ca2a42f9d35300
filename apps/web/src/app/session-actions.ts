import { useCallback, useMemo } from 'react';
import { useNavigate } from '@/lib/router';
import { signOut } from '@/features/identity/api/sign-out';
import { setIdentityId, setUnauthorizedHandler } from '@/lib/api-client';
import { useQueryClientHolder, type QueryClientHolder } from '@/lib/query-client-holder';
import { currentSignOutTarget, setSignOutTarget, useSessionStore, type SessionStore } from '@/lib/session';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/** What a sign-out clears: the session and, when the signed-in screens made one, the query cache. */
export interface SignedInState {
  session: SessionStore;
  queries: QueryClientHolder;
}

/**
 * Forget everything about the signed-in user in this tab: the identity header, every cached
 * answer (the deployment's config is not in the query cache: ConfigGate keeps it) and pending
 * writes. The session is set to "signed out" rather than emptied so the guards see it at once.
 */
export function forgetSignedInUser({ session, queries }: SignedInState): void {
  setIdentityId(null);
  const queryClient = queries.client;
  if (queryClient) {
    void queryClient.cancelQueries();
    queryClient.removeQueries();
    queryClient.getMutationCache().clear();
  }
  session.set(null);
  // The service worker's kept answers (emergency card, Today) are this user's: gone with them.
  navigator.serviceWorker?.controller?.postMessage({ type: 'signed-out' });
}

/** A sign-out whose target is never reached (the user went elsewhere) must not block the guards. */
const SIGN_OUT_TARGET_TIMEOUT_MS = 10_000;

/**
 * Sign out at the identity service (its failure is ignored: the local state is cleared anyway),
 * forget the user and go to `to`. The guards wait until `to` is on screen (see useSignOutTarget).
 * Without `navigate` the user stays where they are (`to` is then the current path).
 */
export async function endSession(state: SignedInState, to: string, navigate?: Navigate): Promise<void> {
  setSignOutTarget(to);
  // Normally the guard at `to` releases the target; this only frees guards that never got there.
  setTimeout(() => {
    if (currentSignOutTarget() === to) setSignOutTarget(null);
  }, SIGN_OUT_TARGET_TIMEOUT_MS);
  try {
    await signOut().catch(() => undefined);
  } finally {
    forgetSignedInUser(state);
    if (navigate) await navigate(to, { replace: true });
  }
}

/** Account-area section 4: any 401 signs out and goes to /. Returns the unregister function. */
export function installUnauthorizedHandler(state: SignedInState, navigate: Navigate): () => void {
  return setUnauthorizedHandler(() => endSession(state, '/', navigate));
}

/** The session store and the query cache of this app, for endSession. */
export function useSignedInState(): SignedInState {
  const session = useSessionStore();
  const queries = useQueryClientHolder();
  return useMemo(() => ({ session, queries }), [session, queries]);
}

/** The Logout menu entry: sign out and go to /signin. */
export function useLogout(): () => Promise<void> {
  const session = useSessionStore();
  const queries = useQueryClientHolder();
  const navigate = useNavigate();
  return useCallback(
    () => endSession({ session, queries }, '/signin', navigate),
    [session, queries, navigate],
  );
}
