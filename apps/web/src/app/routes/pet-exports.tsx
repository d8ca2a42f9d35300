import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { ExportsPage } from '@/features/exports/components/ExportsPage';

/** /pet-details/:name/:id/exports: the pet's record PDF and vet handover (share links). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  return <ExportsPage key={id} title={t(handle?.titleKey ?? 'route.petExports')} pet={{ id, name }} />;
}
