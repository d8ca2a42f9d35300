import { useParams } from '@/lib/router';
import { PageSkeleton } from '@/components/PageSkeleton';
import { usePetsReloading, useSignedInUser } from '@/lib/session';
import { PetDashboard } from '@/features/pets/components/PetDashboard';
import { PetNotFound } from '@/components/PetNotFound';
import { LostPetTagLink } from '@/features/lost-pet/components/LostPetTagLink';
import { ExportsLink } from '@/features/exports/components/ExportsLink';

/** /pet-details/{name}/{id}: the pet dashboard with its picture and eight tiles, then the lost-pet tag and exports. */
export function Component() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const reloading = usePetsReloading();
  const pet = user.pets.find((candidate) => candidate.id === id);
  if (pet) {
    return (
      <>
        <PetDashboard key={pet.id} pet={pet} />
        <LostPetTagLink pet={pet} />
        <ExportsLink pet={pet} />
      </>
    );
  }
  // Just added: the user info is on its way.
  if (reloading) return <PageSkeleton variant="cards" />;
  return <PetNotFound />;
}
