import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/cancel-subscription/successful: Cancellation success. Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
