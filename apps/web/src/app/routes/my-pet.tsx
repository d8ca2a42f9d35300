import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { useParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { PageTitle } from '@/components/PageTitle';
import { usePet } from '@/features/pets/api/fetch-pet';
import { PetFormSkeleton } from '@/features/pets/components/PetFormSkeleton';
import { PetNotFound } from '@/components/PetNotFound';
import { PetProfileForm } from '@/features/pets/components/PetProfileForm';
import { useSession } from '@/lib/session';
import { useCanOnPet } from '@/lib/pet-relation';

/** The target band's editor under the chart (issue 36), in the care chunk. */
const WeightGoalEditor = lazy(() =>
  import('@/features/care/components/WeightGoalEditor').then((module) => ({
    default: module.WeightGoalEditor,
  })),
);

/** /pet-details/{name}/{id}/my-pet: My Animal, the pet profile in edit mode with the weight chart. */
export function Component() {
  const { t } = useTranslation();
  const { id = '', name = '' } = useParams();
  const pet = usePet(id);
  // Care plans are a medical-plan extra: the band shows for owners on such a plan and for members.
  const session = useSession();
  const user = session.status === 'signedIn' ? session.user : null;
  const own = user?.pets.some((entry) => entry.id === id) ?? false;
  const canRead = useCanOnPet(id, 'read', 'care_plan');
  const careOn = canRead && (!own || user?.product?.medical === true);
  // The editor (lazy, with the care calls) reads the band and hands it up for the chart: the page
  // itself loads nothing of the care feature before it renders.
  const [band, setBand] = useState<{ min_kg: number; max_kg: number } | null>(null);
  // The form body is memoised on its props: the band and the editor keep their identity.
  const weightBand = useMemo(
    () =>
      band
        ? {
            min: band.min_kg,
            max: band.max_kg,
            label: t('care.weightGoal.band', { min: band.min_kg, max: band.max_kg }),
          }
        : null,
    [band, t],
  );
  const weightGoalEditor = useMemo(
    () =>
      careOn ? (
        <Suspense fallback={null}>
          <WeightGoalEditor petId={id} onBand={setBand} />
        </Suspense>
      ) : undefined,
    [careOn, id],
  );
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
        <PetProfileForm
          key={pet.data.id}
          mode="edit"
          pet={pet.data}
          weightBand={weightBand}
          weightGoalEditor={weightGoalEditor}
        />
      )}
    </>
  );
}
