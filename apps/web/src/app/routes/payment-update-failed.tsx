import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/payment-update/failed: Payment update failure. Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
