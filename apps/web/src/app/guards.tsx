import { useDeferredValue, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { PageSkeleton } from '@/components/PageSkeleton';
import { ErrorState } from '@/components/ErrorState';
import { ACTIVATION_PATH, useVisibleState } from '@/lib/product-visibility';
import {
  isSignInHandover,
  setSignOutTarget,
  useSession,
  useSignInPending,
  useSignOutTarget,
  type SessionState,
} from '@/lib/session';
import { endSession, useSignedInState } from './session-actions';
import { isSignedInAccess, signedOutTarget, useRouteHandle } from './route-handle';

/** The user info could not be loaded (network, 5xx): say so and offer a retry. */
function SessionError({ session }: { session: Extract<SessionState, { status: 'error' }> }) {
  const { t } = useTranslation();
  return (
    <ErrorState
      fullPage
      role="alert"
      title={t('app.sessionErrorTitle')}
      description={t('Server_Down_Text')}
      onRetry={session.retry}
    />
  );
}

/**
 * While a sign-out runs, a guard waits until the sign-out's target is on screen and the user is
 * gone; then it releases the target and decides as usual. True while it must wait.
 */
function useWaitForSignOut(session: SessionState, pathname: string): boolean {
  const target = useSignOutTarget();
  const done = target !== null && pathname === target && session.status === 'signedOut';
  useEffect(() => {
    if (done) setSignOutTarget(null);
  }, [done]);
  return target !== null;
}

/**
 * Signed-in routes. Not signed in (with a verified e-mail): sent where the route's access class
 * says (route-handle.ts signedOutTarget). Signed in: the product-visibility state and the brand's
 * hidden menu items hold, for typed and linked URLs alike (issue 14.1, 14.5):
 * - hidesidebar (activation-first brand, no associated product): only the activation page;
 * - a page whose sidebar entry the brand hides (Bills, Update payment details, Cancel subscription
 *   for promo products): hidden means unreachable, so it sends the user to the dashboard. That
 *   check runs in the signed-in layout (shell/SignedInLayout, loaded with the shell), so the
 *   brand rules' module (and zod with it) is not part of a first visit to /signin.
 */
export function SignedInGuard() {
  const session = useSession();
  const location = useLocation();
  const handle = useRouteHandle();
  const visibility = useVisibleState();
  const waiting = useWaitForSignOut(session, location.pathname);
  // Once the session is known the signed-in screens render as a transition, in slices (see
  // ConfigGate); only that step is deferred, never a sign-out.
  const stillLoading = useDeferredValue(session.status === 'loading');

  if (session.status === 'loading' || stillLoading || waiting) return <PageSkeleton fullPage />;
  if (session.status === 'error') return <SessionError session={session} />;
  if (session.status === 'signedOut') {
    const access = handle && isSignedInAccess(handle.access) ? handle.access : 'signedIn';
    return <Navigate replace to={signedOutTarget(access, `${location.pathname}${location.search}`)} />;
  }
  const pathname = location.pathname.replace(/(.)\/+$/, '$1');
  if (visibility === 'hidesidebar' && pathname !== ACTIVATION_PATH) {
    return <Navigate replace to={ACTIVATION_PATH} />;
  }
  // The brand's hidden menu items are checked by the signed-in layout (shell/SignedInLayout).
  return <Outlet />;
}

/** The e-mail in /register?email=..., when it names someone other than the signed-in user. */
function registersSomeoneElse(session: SessionState, pathname: string, search: string): boolean {
  if (session.status !== 'signedIn' || pathname !== '/register') return false;
  const email = new URLSearchParams(search).get('email')?.trim().toLowerCase();
  return Boolean(email) && email !== session.user.email.trim().toLowerCase();
}

/**
 * Signed-out-only routes (/signin, /register, /notfall): a signed-in user goes to /. On /register
 * with a different e-mail in the query the current user is signed out first and stays. The sign-in
 * screen has the say while it completes a sign-in or takes over a session (token, magic link,
 * Google): it decides where the user goes (continueUrl, dashboard, activation).
 */
export function SignedOutOnlyGuard() {
  const session = useSession();
  const location = useLocation();
  const signedIn = useSignedInState();
  const waiting = useWaitForSignOut(session, location.pathname);
  const mustSignOut = registersSomeoneElse(session, location.pathname, location.search);
  const signingIn = useSignInPending();

  useEffect(() => {
    if (mustSignOut) void endSession(signedIn, '/register');
  }, [mustSignOut, signedIn]);

  if (signingIn || isSignInHandover(location.pathname, location.search)) return <Outlet />;
  if (session.status === 'loading' || waiting || mustSignOut) {
    return <PageSkeleton fullPage sidebar={false} variant="form" />;
  }
  if (session.status === 'signedIn') return <Navigate replace to="/" />;
  // Signed out, or the user info failed: these screens work without a user (the public
  // emergency download above all), so they stay usable.
  return <Outlet />;
}
