import { RouteTitlePage } from '@/app/pages/RouteTitlePage';

/**
 * /my-account/bills: Bills (orders and invoice PDFs). Built from features/subscription; until then the route shows its title.
 */
export function Component() {
  return <RouteTitlePage />;
}
