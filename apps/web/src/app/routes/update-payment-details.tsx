import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/update-payment-details: Update payment details. Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
