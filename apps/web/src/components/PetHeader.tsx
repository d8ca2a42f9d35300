import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n-react';
import { PetHeaderCard } from '@/components/PetHeaderCard';
import { api } from '@/lib/api-client';
import { petAnswer } from '@/lib/screen-answers';

/** GET /v1/pet?pet_id=: the pet shown in the header of its pages (contacts, medical, appointments). */
export const petHeaderQueryOptions = (petId: string) =>
  queryOptions({
    queryKey: ['pet-header', petId] as const,
    queryFn: ({ signal }) => api.get('/v1/pet', petAnswer, { query: { pet_id: petId }, signal }),
  });

/** The header's pet; a page that also needs it (e.g. to tell a foreign pet) shares the one request. */
export function usePetHeaderPet(petId: string) {
  return useQuery(petHeaderQueryOptions(petId));
}

/**
 * The pet header of a pet's pages: photo, name and "Dog · Labrador" (translation.json
 * `petHeader.species`). While the pet loads a skeleton; when it cannot be loaded the name from the
 * route, so the page still says whose it is.
 */
export function PetHeader({ petId, petName }: { petId: string; petName: string }) {
  const { t } = useTranslation();
  const pet = usePetHeaderPet(petId);
  const subtitle = pet.data
    ? [t(`petHeader.species.${pet.data.pet_type}`), pet.data.race?.trim()].filter(Boolean).join(' · ')
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
