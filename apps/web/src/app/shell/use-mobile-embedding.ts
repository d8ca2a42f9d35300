import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@/lib/router';
import {
  mobileTokenCheckQueryOptions,
  mobileTokenOf,
  setHeaderHiddenFor,
  useHeaderHidden,
} from '@/lib/mobile-embedding';
import { endSession, useSignedInState } from '../session-actions';

export type MobileEmbeddingState =
  /** The token is being checked: show nothing of the page yet. */
  | { status: 'checking'; headerHidden: true }
  /** The check could not be made (network, 5xx): offer a retry. */
  | { status: 'error'; headerHidden: true; retry: () => void }
  | { status: 'ready'; headerHidden: boolean };

/**
 * Account-area section 4, header-hide mode: a ?tokenI= / ?tokenA= on Bills or Subscription hides
 * the header and is compared with the user's stored mobile token; a different token signs the
 * user out and goes to /signin. See lib/mobile-embedding.
 */
export function useMobileEmbedding(userId: string | null): MobileEmbeddingState {
  const location = useLocation();
  const navigate = useNavigate();
  const signedIn = useSignedInState();
  // Only a signed-in user's token is checked (the guard sends everyone else to /signin first).
  const token = userId ? mobileTokenOf(location.pathname, location.search) : null;
  const storedHidden = useHeaderHidden(userId);
  const check = useQuery({ ...mobileTokenCheckQueryOptions(token ?? ''), enabled: token !== null });
  const valid = token === null ? undefined : check.data?.valid;

  useEffect(() => {
    if (valid === true && userId) setHeaderHiddenFor(userId);
    if (valid === false) {
      setHeaderHiddenFor(null);
      void endSession(signedIn, '/signin', navigate);
    }
  }, [valid, userId, signedIn, navigate]);

  if (token === null) return { status: 'ready', headerHidden: storedHidden };
  if (valid === true) return { status: 'ready', headerHidden: true };
  if (check.isError) return { status: 'error', headerHidden: true, retry: () => void check.refetch() };
  return { status: 'checking', headerHidden: true };
}
