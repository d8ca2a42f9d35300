import {
  canOnPet,
  type PetAction,
  type PetRelation,
  type PetResource,
  type PetSummary,
  type SharedPet,
  type UserInfo,
} from '@pet/contract';
import { useSession } from './session';

/**
 * The signed-in user's relation to a pet (issue 35): its owner (myinfo's pets) or a member by the
 * role of an active share (myinfo's shared_pets). The server decides every call with the same
 * rule (contract canOnPet); the web asks it only to hide what the server would refuse.
 */
export interface UserPet extends PetSummary {
  relation: PetRelation;
  /** The share, for a pet someone else owns. */
  share: SharedPet | null;
}

export function petOfUser(user: Pick<UserInfo, 'pets' | 'shared_pets'>, petId: string): UserPet | null {
  const own = user.pets.find((pet) => pet.id === petId);
  if (own) return { ...own, relation: 'owner', share: null };
  const shared = user.shared_pets?.find((pet) => pet.id === petId);
  if (!shared) return null;
  const summary: PetSummary = {
    id: shared.id,
    name: shared.name,
    image_url: shared.image_url ?? null,
    type: shared.type,
  };
  return { ...summary, relation: shared.role, share: shared };
}

/** The pet of the route as the signed-in user may see it, or null (not theirs, or signed out). */
export function useUserPet(petId: string): UserPet | null {
  const session = useSession();
  return session.status === 'signedIn' ? petOfUser(session.user, petId) : null;
}

/**
 * May the signed-in user do `action` on `resource` of the pet? For an update or delete of an
 * entry, pass who wrote it (a carer's own entries). A pet the user info does not list (yet) is
 * treated as the user's own, as every page did before sharing: its calls answer 404 and the page
 * shows its not-found state.
 */
export function useCanOnPet(
  petId: string,
  action: PetAction,
  resource: PetResource,
  entry?: { createdBy: string | null },
): boolean {
  const session = useSession();
  if (session.status !== 'signedIn') return false;
  const pet = petOfUser(session.user, petId);
  return canOnPet(pet?.relation ?? 'owner', action, resource, { entry, actorId: session.user.id }) === 'yes';
}
