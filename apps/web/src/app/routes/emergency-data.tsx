import { EmergencyDataPage } from '@/features/emergency/components/EmergencyDataPage';

/** /emergency-data: the emergency file download, the upgrade prompt or the no-pet text. */
export function Component() {
  return <EmergencyDataPage />;
}
