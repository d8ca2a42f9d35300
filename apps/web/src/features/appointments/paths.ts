import { petPath, type PetRef } from '@/lib/paths';

/** The list of a pet's appointments, or of all pets' when no pet is given. */
export function appointmentsListPath(pet?: PetRef): string {
  return pet ? petPath(pet, 'appointments') : '/dashboard/my-appointments';
}

export function appointmentsAddPath(pet?: PetRef): string {
  return `${appointmentsListPath(pet)}/add-appointment`;
}

/** After adding: the pet's list when its name and id are known, otherwise all appointments. */
export function afterSavePath(pet: { id?: string | null; name?: string | null }): string {
  return pet.id && pet.name ? appointmentsListPath({ id: pet.id, name: pet.name }) : appointmentsListPath();
}
