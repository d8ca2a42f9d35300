import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { PetLimitNotice } from '@/features/pets/components/PetLimitNotice';
import { PetProfileForm } from '@/features/pets/components/PetProfileForm';
import { usePetLimit } from '@/features/pets/components/use-pet-limit';

/** /dashboard/new-pet: the pet profile without an id; at the plan's pet limit its message instead. */
export function Component() {
  const { t } = useTranslation();
  const limit = usePetLimit();
  return (
    <>
      <PageTitle title={t('route.newPet')} subtitle={t('pets.form.addSubtitle')} />
      {limit.reached ? (
        <PetLimitNotice messageKey={limit.messageKey} showUpsell={limit.showUpsell} />
      ) : (
        <PetProfileForm mode="add" />
      )}
    </>
  );
}
