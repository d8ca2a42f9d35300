import { Navigate } from '@/lib/router';
import { isAccountMenuItemVisible } from '@pet/contract';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { PaymentUpdateFailedPage } from '@/features/subscription/payment-update/PaymentUpdateResultPages';

/**
 * /my-account/payment-update/failed: the hosted checkout was left or failed; buttons to the
 * dashboard and to try again (features/subscription). Unreachable where Update payment details is
 * hidden.
 */
export function Component() {
  const brand = useBrand();
  const user = useSignedInUser();
  if (!isAccountMenuItemVisible(brand, 'updatePaymentDetails', user.product?.internal_note)) {
    return <Navigate to="/dashboard" replace />;
  }
  return <PaymentUpdateFailedPage />;
}
