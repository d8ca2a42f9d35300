import { useTranslation } from '@/lib/i18n-react';
import { CheckoutPage } from '@/features/subscription/components/CheckoutPage';
import { QueryProvider } from '../QueryProvider';

/**
 * /my-account/subscription/checkout (open): the plans for signed-out visitors with a sign-in round
 * trip to the payment step; signed-in users go on to /my-account/subscription.
 */
export function Component() {
  const { t } = useTranslation();
  // An open screen that reads the plans through TanStack Query (see QueryProvider).
  return (
    <QueryProvider>
      <CheckoutPage title={t('subscription.checkout.title')} />
    </QueryProvider>
  );
}
