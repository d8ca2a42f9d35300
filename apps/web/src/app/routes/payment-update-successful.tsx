import { Navigate } from '@/lib/router';
import { isAccountMenuItemVisible } from '@pet/contract';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { PaymentUpdateSuccessPage } from '@/features/subscription/payment-update/PaymentUpdateResultPages';

/**
 * /my-account/payment-update/successful?session_id=: the hosted checkout saved the new method; the
 * page shows it (features/subscription). Unreachable where Update payment details is hidden.
 */
export function Component() {
  const brand = useBrand();
  const user = useSignedInUser();
  if (!isAccountMenuItemVisible(brand, 'updatePaymentDetails', user.product?.internal_note)) {
    return <Navigate to="/dashboard" replace />;
  }
  return <PaymentUpdateSuccessPage />;
}
