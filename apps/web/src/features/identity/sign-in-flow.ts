import { useCallback, useEffect } from 'react';
import { useNavigate } from '@/lib/router';
import type { BrandConfig, ProductVisibilityState, UserInfo } from '@pet/contract';
import { setIdentityId } from '@/lib/api-client';
import { useBrand } from '@/lib/brand';
import { useNotify } from '@/lib/notifications';
import { useProductVisibility } from '@/lib/product-visibility';
import { useQueryClientHolder } from '@/lib/query-client-holder';
import { setSignInPending, useSessionStore } from '@/lib/session';
import { confirmVerifiedEmail } from './api/verify-email';

export const ACTIVATION_PATH = '/my-account/activate-product';
export const DASHBOARD_PATH = '/dashboard';

/**
 * The continueUrl of /signin?continueUrl=..., when it is a path of this app. Anything else (another
 * origin, `//host`, `javascript:`) is ignored so the sign-in page cannot be used as an open redirect.
 */
export function safeContinueUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, 'http://portal.invalid');
    if (url.origin !== 'http://portal.invalid') return null;
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Back to the sign-in screen would loop.
    return url.pathname === '/signin' ? null : path;
  } catch {
    return null;
  }
}

export interface AfterSignInPlan {
  to: string;
  visibility: ProductVisibilityState;
  /** POST /v1/auth/verifyemail first (verified user without a product). */
  confirmEmail: boolean;
  /** A message to show on arrival (translation key). */
  messageKey?: string;
}

/**
 * Account-area section 4, "After successful sign-in": continueUrl wins; else a user with a product
 * goes to the dashboard (the dog brand sends a user whose product came without a code to the
 * activation page, sidebar hidden); a verified user without a product has the e-mail confirmed
 * first, then the dog brand explains and goes to activation, the others to the dashboard.
 */
export function afterSignInPlan(
  user: Pick<UserInfo, 'product' | 'product_associated'>,
  brand: Pick<BrandConfig, 'productVisibility'>,
  continueUrl: string | null,
): AfterSignInPlan {
  if (continueUrl) return { to: continueUrl, visibility: 'donthide', confirmEmail: false };
  const activationFirst = brand.productVisibility === 'activationFirst';
  if (user.product) {
    return activationFirst && !user.product_associated
      ? { to: ACTIVATION_PATH, visibility: 'hidesidebar', confirmEmail: false }
      : { to: DASHBOARD_PATH, visibility: 'donthide', confirmEmail: false };
  }
  return activationFirst
    ? {
        to: ACTIVATION_PATH,
        visibility: 'hidesidebar',
        confirmEmail: true,
        messageKey: 'identity.signIn.activateFirst',
      }
    : { to: DASHBOARD_PATH, visibility: 'donthide', confirmEmail: true };
}

export type SignInOutcome = 'done' | 'unverified';

/**
 * After the identity service accepted the user (password, token, magic link, Google): learn the
 * user (GET /v1/auth/myinfo), run the decision tree and go. 'unverified' when the session does
 * not count (the e-mail is not verified): the caller signs out and explains.
 * While it runs, the signed-out-only guard leaves the sign-in screen alone (setSignInPending):
 * until the screen has gone (the route change commits later than the session change), or the
 * sign-in failed.
 */
export function useCompleteSignIn(): (continueUrl: string | null) => Promise<SignInOutcome> {
  const session = useSessionStore();
  const navigate = useNavigate();
  const brand = useBrand();
  const notify = useNotify();
  const { setState: setVisibility } = useProductVisibility();

  // Released when the sign-in screen leaves (the new route is on screen).
  useEffect(() => () => setSignInPending(false), []);

  return useCallback(
    async (continueUrl) => {
      setSignInPending(true);
      try {
        // The dog brand shows a spinner instead of content until it knows where the user goes.
        if (brand.productVisibility === 'activationFirst') setVisibility('hideall');
        // A fresh answer: one started before the sign-in would still say "signed out".
        const user = await session.refetch();
        if (!user) {
          setVisibility('donthide');
          setSignInPending(false);
          return 'unverified';
        }
        const plan = afterSignInPlan(user, brand, continueUrl);
        if (plan.confirmEmail) {
          // Completes accounts the identity service made itself; failing it must not block sign-in.
          await confirmVerifiedEmail().catch((error: unknown) =>
            console.error('verifyemail after sign-in failed', error),
          );
        }
        setVisibility(plan.visibility);
        if (plan.messageKey) notify.info(plan.messageKey);
        await navigate(plan.to, { replace: true });
        return 'done';
      } catch (error) {
        setVisibility('donthide');
        setSignInPending(false);
        throw error;
      }
    },
    [brand, navigate, notify, session, setVisibility],
  );
}

/**
 * Before a session is handed over (a token may belong to someone else than the cached user):
 * forget every cached answer (the query cache, when the signed-in screens made one). The session
 * and the deployment's config stay; the sign-in reloads the session.
 */
export function useForgetCachedUser(): () => void {
  const queries = useQueryClientHolder();
  return useCallback(() => {
    setIdentityId(null);
    queries.client?.removeQueries();
  }, [queries]);
}
