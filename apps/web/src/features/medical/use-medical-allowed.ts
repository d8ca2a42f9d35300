import { petOfUser } from '@/lib/pet-relation';
import { canOnPet } from '@pet/contract';
import { useSignedInUser } from '@/lib/session';

/**
 * May the user add medical data? Only plans with `medical` (pet-data section 6); the free plan may
 * not. On a pet someone shares with the user (issue 35) the role decides, and the owner's plan
 * limits apply on the server.
 */
export function useMedicalAllowed(petId?: string): boolean {
  const user = useSignedInUser();
  const pet = petId ? petOfUser(user, petId) : null;
  if (pet && pet.relation !== 'owner') return canOnPet(pet.relation, 'create', 'medical') === 'yes';
  return user.product?.medical === true;
}
