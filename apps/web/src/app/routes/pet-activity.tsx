import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { ActivityPage } from '@/features/sharing/components/ActivityPage';

/** /pet-details/:name/:id/activity: the pet's activity log (issue 35); owner and co-owners. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  return <ActivityPage key={id} title={t(handle?.titleKey ?? 'route.petActivity')} pet={{ id, name }} />;
}
