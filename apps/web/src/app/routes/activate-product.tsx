import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { ActivateProductPage } from '@/features/account/components/ActivateProductPage';

/** /my-account/activate-product: redeem an activation code (features/account). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <ActivateProductPage title={t(handle?.titleKey ?? 'route.activateProduct')} />;
}
