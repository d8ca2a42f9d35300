import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from '@/lib/router';
import { signOut } from '@/features/identity/api/sign-out';
import { setIdentityId, setUnauthorizedHandler } from '@/lib/api-client';
import { publicConfigQueryOptions } from '@/lib/config';
import { SESSION_QUERY_KEY, currentSignOutTarget, setSignOutTarget } from '@/lib/session';

type Navigate = (to: string, options?: { replace?: boolean }) => void | Promise<void>;

/**
 * Forget everything about the signed-in user in this tab: the identity header, every cached
 * answer (but the deployment's config, which does not depend on the user) and pending writes.
 * The session query is set to "signed out" rather than removed so the guards see it at once.
 */
export function forgetSignedInUser(queryClient: QueryClient): void {
  setIdentityId(null);
  const configHash = hashKey(publicConfigQueryOptions.queryKey);
  const kept = new Set([configHash, hashKey(SESSION_QUERY_KEY)]);
  void queryClient.cancelQueries({ predicate: (query) => query.queryHash !== configHash });
  queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryHash) });
  queryClient.getMutationCache().clear();
  queryClient.setQueryData(SESSION_QUERY_KEY, null);
}

/** A sign-out whose target is never reached (the user went elsewhere) must not block the guards. */
const SIGN_OUT_TARGET_TIMEOUT_MS = 10_000;

/**
 * Sign out at the identity service (its failure is ignored: the local state is cleared anyway),
 * forget the user and go to `to`. The guards wait until `to` is on screen (see useSignOutTarget).
 * Without `navigate` the user stays where they are (`to` is then the current path).
 */
export async function endSession(queryClient: QueryClient, to: string, navigate?: Navigate): Promise<void> {
  setSignOutTarget(to);
  // Normally the guard at `to` releases the target; this only frees guards that never got there.
  setTimeout(() => {
    if (currentSignOutTarget() === to) setSignOutTarget(null);
  }, SIGN_OUT_TARGET_TIMEOUT_MS);
  try {
    await signOut().catch(() => undefined);
  } finally {
    forgetSignedInUser(queryClient);
    if (navigate) await navigate(to, { replace: true });
  }
}

/** Account-area section 4: any 401 signs out and goes to /. Returns the unregister function. */
export function installUnauthorizedHandler(queryClient: QueryClient, navigate: Navigate): () => void {
  return setUnauthorizedHandler(() => endSession(queryClient, '/', navigate));
}

/** The Logout menu entry: sign out and go to /signin. */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => endSession(queryClient, '/signin', navigate), [queryClient, navigate]);
}
