import { Navigate } from '@/lib/router';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { CancelSuccessPage } from '@/features/subscription/cancel/CancelSuccessPage';
import { isCancelPageHidden } from '@/features/subscription/cancel/cancel-rules';

/**
 * /my-account/cancel-subscription/successful: the termination with its end date and the Revoke
 * termination button (features/subscription). Hidden where the cancel page is hidden.
 */
export function Component() {
  const brand = useBrand();
  const user = useSignedInUser();
  if (isCancelPageHidden(brand, user)) return <Navigate to="/dashboard" replace />;
  return <CancelSuccessPage />;
}
