import { useParams } from 'react-router';
import { PageSkeleton } from '@/components/PageSkeleton';
import { usePetsReloading, useSignedInUser } from '@/lib/session';
import { PetDashboard } from '@/features/pets/components/PetDashboard';
import { PetNotFound } from '@/features/pets/components/PetNotFound';

/** /pet-details/{name}/{id}: the pet dashboard with its picture and eight tiles. */
export function Component() {
  const { id = '' } = useParams();
  const user = useSignedInUser();
  const reloading = usePetsReloading();
  const pet = user.pets.find((candidate) => candidate.id === id);
  if (pet) return <PetDashboard key={pet.id} pet={pet} />;
  // Just added: the user info is on its way.
  if (reloading) return <PageSkeleton variant="cards" />;
  return <PetNotFound />;
}
