import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/payment-update/successful: Payment update success. Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
