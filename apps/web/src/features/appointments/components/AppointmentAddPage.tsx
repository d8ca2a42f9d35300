import { lazy } from 'react';
import { Navigate, useNavigate } from '@/lib/router';
import { useTranslation } from '@/lib/i18n-react';
import { appointmentsAllowed, LIMIT_KEYS } from '@pet/contract';
import { FormCard } from '@/components/FormCard';
import { PageSkeleton } from '@/components/PageSkeleton';
import { PageTitle } from '@/components/PageTitle';
import { PetHeader } from '@/components/PetHeader';
import { NEW_PET_PATH } from './LimitAlert';
import { UpgradeAlert } from '@/components/UpgradeAlert';
import { useBrand } from '@/lib/brand';
import type { NotAllowedState, PetRef } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { afterSavePath, appointmentsListPath } from '@/features/appointments/paths';

/** The form (with the pickers) is its own chunk: the page and its title show at once. */
const AppointmentForm = lazy(() =>
  import('./AppointmentForm').then((module) => ({ default: module.AppointmentForm })),
);

/**
 * /pet-details/{name}/{id}/appointments/add-appointment (with `pet`) and
 * /dashboard/my-appointments/add-appointment (the user picks one of the pets of the user info).
 * A free-plan user is sent to the not-allowed route; without a pet, No_Pet_Text with the way to add
 * one. A saved appointment leads to its pet's list (or to all appointments).
 */
export function AppointmentAddPage({ title, pet }: { title: string; pet?: PetRef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const brand = useBrand();
  const listPath = appointmentsListPath(pet);

  if (session.status !== 'signedIn') {
    return (
      <>
        <PageTitle title={title} />
        <PageSkeleton variant="form" withTitle={false} />
      </>
    );
  }
  const user = session.user;
  if (!user.product || !appointmentsAllowed(user.product)) {
    // The not-allowed page leads to the plans unless the brand's appointment refusals carry no
    // subscription link (tier-fritz).
    const state: NotAllowedState = { upgradeLink: brand.limits.appointmentLimitLink };
    return <Navigate to="/not-allowed" replace state={state} />;
  }

  const pets = user.pets;
  const noPet = !pet && pets.length === 0;
  // hunde-schutz and tier-fritz preselect the only pet (pet-data section 5).
  const preselected = !pet && brand.limits.preselectSinglePet && pets.length === 1 ? pets[0]?.id : undefined;

  return (
    <>
      <PageTitle title={title} />
      {pet ? <PetHeader petId={pet.id} petName={pet.name} /> : null}
      {noPet ? (
        <UpgradeAlert
          role="status"
          message={t(LIMIT_KEYS.noPet)}
          actionLabel={t('appointments.addPet')}
          to={NEW_PET_PATH}
          sx={{ mb: 0 }}
        />
      ) : (
        <FormCard>
          <AppointmentForm
            petId={pet?.id ?? preselected}
            pets={pet ? undefined : pets}
            onSaved={(saved) => {
              const name =
                saved.pet_name || pet?.name || pets.find((entry) => entry.id === saved.pet_id)?.name;
              void navigate(afterSavePath({ id: saved.pet_id, name }));
            }}
            onCancel={() => void navigate(listPath)}
          />
        </FormCard>
      )}
    </>
  );
}
