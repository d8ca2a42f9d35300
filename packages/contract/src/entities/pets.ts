import { z } from 'zod';
import { SPECIES } from '../brands.ts';
import { PET_SIZE_MAX_CM, PET_SIZE_MIN_CM } from '../constants.ts';
import {
  ddMmYyyySortKey,
  idSchema,
  optionalDdMmYyyy,
  optionalLongText,
  optionalText,
  parseDdMmYyyy,
  requiredDdMmYyyy,
  requiredText,
} from './common.ts';

/** Pet profile and weights (pet-data sections 3, 5 and 7). */

export const GENDERS = ['male', 'female'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** Species of the form; the brand config narrows the choice (dog brand: Dog only). */
export const petTypeSchema = z.enum(SPECIES, 'Select_Pet_Text');

export const WEIGHT_KEYS = {
  dateMissing: 'My_Animal_Date_Error_Text',
  weightMissing: 'My_Animal_Weight_Error_Text',
  negative: 'My_Animal_Negative_Number_Error_Text',
  unsavedEntry: 'Weight_Response_Ignored_Text',
} as const;

/** One weight entry: kg (a number, never negative) at a dd.MM.yyyy date. */
export const weightEntrySchema = z.object({
  weight: z.number(WEIGHT_KEYS.weightMissing).min(0, WEIGHT_KEYS.negative),
  // Missing or empty: the spec's date error; present but malformed: Date_Format_Error.
  date: requiredDdMmYyyy(WEIGHT_KEYS.dateMissing),
});
export type WeightEntry = z.infer<typeof weightEntrySchema>;

/** What the weight inputs hold before an entry is added: the typed texts. */
export interface WeightInput {
  weight: string;
  date: string;
}

/** Weight text as typed (decimal comma or point) to kg; null when it is not a number. */
export function parseWeightInput(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  return Number(normalized);
}

/**
 * The checks of the weight add button (pet-data section 5). Returns the keys to show, empty when
 * the entry can be added. Both inputs empty shows both "missing" errors.
 */
export function validateWeightEntry(input: WeightInput): string[] {
  const weight = input.weight.trim();
  const date = input.date.trim();
  const keys: string[] = [];
  if (date === '' || parseDdMmYyyy(date) === null) keys.push(WEIGHT_KEYS.dateMissing);
  if (weight === '') keys.push(WEIGHT_KEYS.weightMissing);
  else if (weight.includes('-')) keys.push(WEIGHT_KEYS.negative);
  else if (parseWeightInput(weight) === null) keys.push(WEIGHT_KEYS.weightMissing);
  return keys;
}

/** The entry to add, or null while validateWeightEntry reports errors. */
export function weightEntryFromInput(input: WeightInput): WeightEntry | null {
  if (validateWeightEntry(input).length > 0) return null;
  return { weight: parseWeightInput(input.weight) ?? 0, date: input.date.trim() };
}

/** A half-filled weight entry blocks saving the pet: the key to show, or null. */
export function unsavedWeightEntryKey(input: WeightInput): string | null {
  const hasWeight = input.weight.trim() !== '';
  const hasDate = input.date.trim() !== '';
  return hasWeight !== hasDate ? WEIGHT_KEYS.unsavedEntry : null;
}

/** Newest date first; entries with the same date keep their order; invalid dates go last. */
export function sortWeightsNewestFirst<T extends { date: string }>(weights: readonly T[]): T[] {
  const key = (entry: T) => {
    const value = ddMmYyyySortKey(entry.date);
    return Number.isNaN(value) ? Number.NEGATIVE_INFINITY : value;
  };
  return [...weights].sort((a, b) => key(b) - key(a));
}

// ---------------------------------------------------------------------------------------------
// Size: the picker offers whole centimetres 10..100 and stores the text with its unit, "45 cm".

export const PET_SIZE_ERROR_KEY = 'Pet_Size_Error';

export function formatPetSize(cm: number): string {
  return `${cm} cm`;
}

/** Centimetres of a size text, or null when it is not "<10..100> cm". */
export function parsePetSize(text: string): number | null {
  const match = /^(\d{1,3}) cm$/.exec(text.trim());
  if (!match) return null;
  const cm = Number(match[1]);
  return cm >= PET_SIZE_MIN_CM && cm <= PET_SIZE_MAX_CM ? cm : null;
}

export const petSizeSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || parsePetSize(value) !== null, PET_SIZE_ERROR_KEY)
  .nullish();

// ---------------------------------------------------------------------------------------------
// Calls: POST /v1/pet, PUT /v1/pet?id=, GET /v1/pet?pet_id=, DELETE /v1/pet?id=.

/** POST /v1/pet: name, pet_type, gender, race, date_of_birth. */
export const petCreateBodySchema = z.object({
  name: requiredText('Pet_Name_Error'),
  pet_type: petTypeSchema,
  gender: genderSchema.nullish(),
  race: optionalText,
  date_of_birth: optionalDdMmYyyy,
});
export type PetCreateBody = z.infer<typeof petCreateBodySchema>;

/** The whole profile: the create fields plus the rest. */
export const petProfileSchema = petCreateBodySchema.extend({
  size: petSizeSchema,
  color: optionalText,
  ancestry: optionalLongText,
  labeling: optionalText,
  features: optionalLongText,
  weights: z.array(weightEntrySchema).optional(),
});
export type PetProfile = z.infer<typeof petProfileSchema>;

/**
 * PUT /v1/pet?id=: any fields of the profile. A field left out keeps its stored value (a client
 * sending only the name keeps date_of_birth); null clears an optional one. `weights` replaces the
 * whole list when sent; when left out the stored list is kept.
 */
export const petUpdateBodySchema = petProfileSchema.partial();
export type PetUpdateBody = z.infer<typeof petUpdateBodySchema>;

/** The pet as answered by GET, POST (the spec's "returns id") and PUT. */
export const petSchema = petProfileSchema.extend({
  id: idSchema,
  weights: z.array(weightEntrySchema),
  image_url: z.string().nullish(),
});
export type Pet = z.infer<typeof petSchema>;

/** The pet summary inside the user info (pets list of myinfo). */
export const petSummarySchema = z.object({
  id: idSchema,
  name: z.string(),
  image_url: z.string().nullish(),
  type: z.enum(SPECIES),
});
export type PetSummary = z.infer<typeof petSummarySchema>;
