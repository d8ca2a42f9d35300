import {
  sortWeightsNewestFirst,
  type BrandConfig,
  type Pet,
  type PetCreateBody,
  type PetProfile,
} from '@pet/contract';
import type { PetFormOutput } from './pet-form-schema';

export type { PetFormInput, PetFormOutput } from './pet-form-schema';

/**
 * The pet profile form (pet-data sections 3 and 5) in add and edit mode. The fields hold what the
 * inputs show ('' = not given); the schema (pet-form-schema.ts, with zod: it arrives after the
 * form shows) checks them with the contract's rules, and these helpers turn them into the bodies
 * of POST and PUT /v1/pet.
 */

/** What a date input holds while its text is not (yet) a calendar date. */
export const INVALID_DATE_TEXT = 'invalid-date';

/** Key of a date of birth after today (not in the spec's catalogue). */
export const BIRTH_DATE_FUTURE_KEY = 'pets.form.birthDateFuture';

export interface PetFormValues {
  name: string;
  pet_type: string;
  gender: '' | 'male' | 'female';
  race: string;
  date_of_birth: string;
  size: string;
  color: string;
  features: string;
  labeling: string;
  ancestry: string;
  weights: PetFormOutput['weights'];
}

/** The only species of a brand that offers one (the dog brand: Dog), else none preselected. */
export function forcedSpecies(brand: Pick<BrandConfig, 'species'>): string | undefined {
  return brand.species.length === 1 ? brand.species[0] : undefined;
}

export function emptyPetForm(brand: Pick<BrandConfig, 'species'>): PetFormValues {
  return {
    name: '',
    pet_type: forcedSpecies(brand) ?? '',
    gender: '',
    race: '',
    date_of_birth: '',
    size: '',
    color: '',
    features: '',
    labeling: '',
    ancestry: '',
    weights: [],
  };
}

export function petToForm(pet: Pet, brand: Pick<BrandConfig, 'species'>): PetFormValues {
  return {
    name: pet.name,
    pet_type: forcedSpecies(brand) ?? pet.pet_type,
    gender: pet.gender ?? '',
    race: pet.race ?? '',
    date_of_birth: pet.date_of_birth ?? '',
    size: pet.size ?? '',
    color: pet.color ?? '',
    features: pet.features ?? '',
    labeling: pet.labeling ?? '',
    ancestry: pet.ancestry ?? '',
    weights: sortWeightsNewestFirst(pet.weights),
  };
}

const blankToNull = (value: string | null | undefined) => (value ? value : null);

/** PUT /v1/pet?id= body: every field, '' sent as null, weights newest first. */
export function formToUpdateBody(values: PetFormOutput): PetProfile {
  return {
    name: values.name,
    pet_type: values.pet_type,
    gender: values.gender === '' ? null : values.gender,
    race: blankToNull(values.race),
    date_of_birth: blankToNull(values.date_of_birth),
    size: blankToNull(values.size),
    color: blankToNull(values.color),
    features: blankToNull(values.features),
    labeling: blankToNull(values.labeling),
    ancestry: blankToNull(values.ancestry),
    weights: sortWeightsNewestFirst(values.weights),
  };
}

/** POST /v1/pet body: the fields the create call takes. */
export function formToCreateBody(values: PetFormOutput): PetCreateBody {
  const { name, pet_type, gender, race, date_of_birth } = formToUpdateBody(values);
  return { name, pet_type, gender, race, date_of_birth };
}

/** Does the add form hold more than the create call takes (then a PUT follows the POST)? */
export function needsUpdateAfterCreate(values: PetFormOutput): boolean {
  const body = formToUpdateBody(values);
  return Boolean(
    body.size || body.color || body.features || body.labeling || body.ancestry || body.weights?.length,
  );
}
