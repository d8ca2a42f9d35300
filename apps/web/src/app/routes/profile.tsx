import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { ProfilePage } from '@/features/account/components/ProfilePage';

/** /my-account and /my-account/profile: avatar, name, e-mail and the ways on (features/account). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return <ProfilePage title={t(handle?.titleKey ?? 'route.profile')} />;
}
