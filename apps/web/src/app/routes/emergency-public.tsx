import { EmergencyPublicPage } from '@/features/emergency/components/EmergencyPublicPage';

/** /notfall: the public emergency download with the emergency password (signed out only). */
export function Component() {
  return <EmergencyPublicPage />;
}
