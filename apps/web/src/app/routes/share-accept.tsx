import { useCallback } from 'react';
import { useLocation } from '@/lib/router';
import { AcceptInvitationPage } from '@/features/sharing/components/AcceptInvitationPage';
import { QueryProvider } from '../QueryProvider';
import { endSession, useSignedInState } from '../session-actions';

/**
 * /share/accept?token= (open, issue 35): the link of a share invitation's mail. Signed in with
 * another address, the visitor may sign out here and stays on the page (then signed out).
 */
export function Component() {
  const state = useSignedInState();
  const { pathname, search } = useLocation();
  const signOut = useCallback(() => endSession(state, `${pathname}${search}`), [state, pathname, search]);
  return (
    <QueryProvider>
      <AcceptInvitationPage onSignOut={signOut} />
    </QueryProvider>
  );
}
