import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { SubscriptionPage } from '@/features/subscription/components/SubscriptionPage';

/**
 * /my-account/subscription: plan cards (step 1) and the payment of the chosen plan (step 2,
 * ?product_id=&pay_type=) from features/subscription. The shell handles ?tokenI= / ?tokenA=.
 */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <SubscriptionPage title={t(handle?.titleKey ?? 'route.subscription')} />;
}
