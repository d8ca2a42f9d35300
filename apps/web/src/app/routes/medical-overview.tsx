import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { MedicalOverview } from '@/features/medical/components/MedicalOverview';

/** /pet-details/:name/:id/medical-data: the four medical categories with their counts. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  return <MedicalOverview key={id} title={t(handle?.titleKey ?? 'route.medicalData')} pet={{ id, name }} />;
}
