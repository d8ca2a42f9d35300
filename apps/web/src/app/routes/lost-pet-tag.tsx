import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { useRouteHandle } from '@/app/route-handle';
import { LostPetTagPage } from '@/features/lost-pet/components/LostPetTagPage';

/** /pet-details/:name/:id/lost-pet-tag: the pet's printable QR tag, its page's content and activity. */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const { id = '', name = '' } = useParams();
  return <LostPetTagPage key={id} title={t(handle?.titleKey ?? 'route.lostPetTag')} pet={{ id, name }} />;
}
