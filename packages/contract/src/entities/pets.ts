import { z } from 'zod';
import { SPECIES } from '../brands.ts';
import { GENDERS, PET_SIZE_ERROR_KEY, WEIGHT_KEYS, parsePetSize, type WeightEntry } from '../pet-rules.ts';
import {
  idSchema,
  optionalDdMmYyyy,
  optionalLongText,
  optionalText,
  requiredDdMmYyyy,
  requiredText,
} from './common.ts';

/** Pet profile and weights (pet-data sections 3, 5 and 7); the rules without zod: ../pet-rules.ts. */

export * from '../pet-rules.ts';

export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/** Species of the form; the brand config narrows the choice (dog brand: Dog only). */
export const petTypeSchema = z.enum(SPECIES, 'Select_Pet_Text');

/** One weight entry: kg (a number, never negative) at a dd.MM.yyyy date. */
export const weightEntrySchema = z.object({
  weight: z.number(WEIGHT_KEYS.weightMissing).min(0, WEIGHT_KEYS.negative),
  // Missing or empty: the spec's date error; present but malformed: Date_Format_Error.
  date: requiredDdMmYyyy(WEIGHT_KEYS.dateMissing),
}) satisfies z.ZodType<WeightEntry>;

// ---------------------------------------------------------------------------------------------
// Size: the picker offers whole centimetres 10..100 and stores the text with its unit, "45 cm".

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
/** A stored weight as the pet answer lists it: its id (DELETE /v1/pet/weight) and who added it. */
export const storedWeightSchema = weightEntrySchema.extend({
  id: idSchema.optional(),
  created_by: z.string().nullish(),
});

export const petSchema = petProfileSchema.extend({
  id: idSchema,
  weights: z.array(storedWeightSchema),
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
