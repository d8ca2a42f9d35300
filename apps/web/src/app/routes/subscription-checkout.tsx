import { useTranslation } from '@/lib/i18n-react';
import { CheckoutPage } from '@/features/subscription/components/CheckoutPage';

/**
 * /my-account/subscription/checkout (open): the plans for signed-out visitors with a sign-in round
 * trip to the payment step; signed-in users go on to /my-account/subscription.
 */
export function Component() {
  const { t } = useTranslation();
  return <CheckoutPage title={t('subscription.checkout.title')} />;
}
