import { RenewalPaymentPage } from '@/features/subscription/renewal/RenewalPaymentPage';

/** /my-account/renewal-payment?order_id=: pay a renewal the bank wants confirmed. From features/subscription. */
export function Component() {
  return <RenewalPaymentPage />;
}
