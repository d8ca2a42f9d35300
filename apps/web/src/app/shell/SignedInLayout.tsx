import { Navigate } from '@/lib/router';
import { isAccountMenuItemVisible } from '@pet/contract';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { QueryProvider } from '../QueryProvider';
import { useRouteHandle } from '../route-handle';
import { AppShell } from './AppShell';

/**
 * The layout of every signed-in route, inside SignedInGuard (which has checked the session and
 * the product visibility): a page whose sidebar entry the brand hides (Bills, Update payment
 * details, Cancel subscription for promo products; a route's `menuItem`) is unreachable, for
 * typed and linked URLs alike (issue 14.5), and sends the user to the dashboard; any other page
 * gets the signed-in shell.
 *
 * Here rather than in the guard: the check reads the contract's brand rules, whose module also
 * builds the brand schemas, and the guard is part of every first visit (zod is not). For the
 * same reason TanStack Query starts here: the signed-in screens use it, a signed-out visit does not.
 */
export function SignedInLayout() {
  const handle = useRouteHandle();
  const brand = useBrand();
  const user = useSignedInUser();
  if (handle?.menuItem && !isAccountMenuItemVisible(brand, handle.menuItem, user.product?.internal_note)) {
    return <Navigate replace to="/dashboard" />;
  }
  return (
    <QueryProvider>
      <AppShell />
    </QueryProvider>
  );
}
