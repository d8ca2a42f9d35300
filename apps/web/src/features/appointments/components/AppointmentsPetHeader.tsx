import { useTranslation } from 'react-i18next';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { useAppointmentsPet } from '@/features/appointments/api/get-pet';

/** The pet header of a pet's appointment pages: photo, name, species and breed (GET /v1/pet?pet_id=). */
export function AppointmentsPetHeader({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const pet = useAppointmentsPet(petId);
  const subtitle = pet.data
    ? [t(`appointments.species.${pet.data.pet_type}`), pet.data.race?.trim()].filter(Boolean).join(' · ')
    : undefined;
  return (
    <PetHeaderCard
      name={pet.data?.name ?? (pet.isError ? petName : undefined)}
      subtitle={subtitle}
      imageUrl={pet.data?.image_url}
      loadingLabel={t('app.loading')}
    />
  );
}
