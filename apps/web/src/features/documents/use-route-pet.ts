import { useParams } from '@/lib/router';
import type { Species } from '@pet/contract';
import type { PetRef } from '@/lib/paths';
import { petOfUser } from '@/lib/pet-relation';
import { useSignedInUser } from '@/lib/session';

/**
 * The pet of a /pet-details/{name}/{id}/... route, with its current name from the user info
 * (the link may carry an older name). null when the signed-in user has no such pet, neither own
 * nor shared with them (issue 35).
 */
export interface RoutePet extends PetRef {
  image_url: string | null;
  /** Species: some document categories belong to one (Dog Tax, contract documentTypeFitsPet). */
  type: Species;
}

export function useRoutePet(): RoutePet | null {
  const { id } = useParams();
  const user = useSignedInUser();
  const pet = id ? petOfUser(user, id) : null;
  return pet ? { id: pet.id, name: pet.name, image_url: pet.image_url ?? null, type: pet.type } : null;
}
