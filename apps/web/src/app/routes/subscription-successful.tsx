import { PaymentResultPage } from '@/features/subscription/components/PaymentResultPage';

/**
 * /my-account/subscription/successful?order_id=: follows the order until it is paid (SEPA: pending),
 * or failed; also the return URL of 3-D Secure (?redirect_status=). From features/subscription.
 */
export function Component() {
  return <PaymentResultPage />;
}
