import { Navigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { isAccountMenuItemVisible } from '@pet/contract';
import { useRouteHandle } from '@/app/route-handle';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { UpdatePaymentPage } from '@/features/subscription/payment-update/UpdatePaymentPage';

/**
 * /my-account/update-payment-details: the current payment method and the hosted checkout that
 * changes it (features/subscription). The tracker brand hides the menu entry; the page then goes
 * to the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const brand = useBrand();
  const user = useSignedInUser();
  if (!isAccountMenuItemVisible(brand, 'updatePaymentDetails', user.product?.internal_note)) {
    return <Navigate to="/dashboard" replace />;
  }
  return <UpdatePaymentPage title={t(handle?.titleKey ?? 'route.updatePaymentDetails')} />;
}
