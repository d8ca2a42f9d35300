import { useTranslation } from 'react-i18next';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { useMedicalPet } from '@/features/medical/api/get-pet';

/** The pet header of the medical pages: photo, name, species and breed (GET /v1/pet?pet_id=). */
export function MedicalPetHeader({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const pet = useMedicalPet(petId);
  const subtitle = pet.data
    ? [t(`medical.species.${pet.data.pet_type}`), pet.data.race?.trim()].filter(Boolean).join(' · ')
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
