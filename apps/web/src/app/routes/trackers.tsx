import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { TrackersPage } from '@/features/account/components/TrackersPage';

/** /my-account/trackers: the user's GPS trackers, read-only (tracker brand only, features/account). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <TrackersPage title={t(handle?.titleKey ?? 'route.trackers')} />;
}
