import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/subscription: Plan cards and payment. Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
