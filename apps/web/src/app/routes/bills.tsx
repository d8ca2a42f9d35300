import { Navigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { isAccountMenuItemVisible } from '@pet/contract';
import { useRouteHandle } from '@/app/route-handle';
import { useBrand } from '@/lib/brand';
import { useSignedInUser } from '@/lib/session';
import { BillsPage } from '@/features/bills/components/BillsPage';

/**
 * /my-account/bills: the bills of features/bills. Brands that hide Bills in the menu (the dog and
 * tracker brands) do not offer the page by URL either: it goes to the dashboard.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const brand = useBrand();
  const user = useSignedInUser();
  if (!isAccountMenuItemVisible(brand, 'bills', user.product?.internal_note)) {
    return <Navigate to="/dashboard" replace />;
  }
  return <BillsPage title={t(handle?.titleKey ?? 'route.bills')} />;
}
