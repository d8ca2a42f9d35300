import { useDeferredValue } from 'react';
import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { usePet } from '@/features/pets/api/fetch-pet';
import { PetFormSkeleton } from '@/features/pets/components/PetFormSkeleton';
import { PetNotFound } from '@/components/PetNotFound';
import { PetProfileForm } from '@/features/pets/components/PetProfileForm';

/** /pet-details/{name}/{id}/my-pet: My Animal, the pet profile in edit mode with the weight chart. */
export function Component() {
  const { t } = useTranslation();
  const { id = '', name = '' } = useParams();
  const pet = usePet(id);
  // The form is large: once the pet is there it renders as a transition, in slices (see ConfigGate).
  const stillPending = useDeferredValue(pet.isPending);
  // The failure screen has its own heading.
  if (pet.isError) return <PetNotFound error={pet.error} onRetry={() => void pet.refetch()} />;
  return (
    <>
      <PageTitle title={t('route.myPet')} subtitle={pet.data?.name ?? name} />
      {pet.isPending || stillPending ? (
        <PetFormSkeleton />
      ) : (
        <PetProfileForm key={pet.data.id} mode="edit" pet={pet.data} />
      )}
    </>
  );
}
