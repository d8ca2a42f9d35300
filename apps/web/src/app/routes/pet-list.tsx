import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { useRouteHandle } from '@/app/route-handle';
import { PetList } from '@/features/pets/components/PetList';

/** /pets and /dashboard/my-pets: the pet list (pet-data section 2). */
export function Component() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <>
      <PageTitle title={t(handle?.titleKey ?? 'route.myPets')} subtitle={t('pets.list.subtitle')} />
      <PetList />
    </>
  );
}
