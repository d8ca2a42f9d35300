import { Navigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { CancelSubscriptionPage } from '@/features/subscription/cancel/CancelSubscriptionPage';
import { isCancelPageHidden } from '@/features/subscription/cancel/cancel-rules';

/**
 * /my-account/cancel-subscription?process=downgrade|confirm_Termination|cancel_Termination: the
 * cancel page of features/subscription. Where the menu hides Cancel subscription (the dog brand's
 * promo plan), the page is not offered by URL either: it goes to the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const brand = useBrand();
  const user = useSignedInUser();
  if (isCancelPageHidden(brand, user)) return <Navigate to="/dashboard" replace />;
  return <CancelSubscriptionPage title={t(handle?.titleKey ?? 'route.cancelSubscription')} />;
}
