import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ddMmYyyySortKey,
  formatDdMmYyyy,
  genderSchema,
  optionalText,
  petCreateBodySchema,
  petTypeSchema,
  petUpdateBodySchema,
  weightEntrySchema,
} from '@pet/contract';
import { BIRTH_DATE_FUTURE_KEY } from './pet-form';

/**
 * The pet form's checks (pet-data sections 3 and 5) with the contract's zod schemas. A module of
 * its own: the form loads it when it first gets the focus (zod and the contract's schemas are not
 * part of a pet page's first render), and a check before it has arrived waits for it.
 */

export const petFormSchema = z
  .object({
    name: petCreateBodySchema.shape.name,
    // The select starts empty in add mode; empty or unknown gives Select_Pet_Text.
    pet_type: z.string().pipe(petTypeSchema),
    gender: z.union([genderSchema, z.literal('')]),
    race: optionalText,
    date_of_birth: petUpdateBodySchema.shape.date_of_birth,
    size: petUpdateBodySchema.shape.size,
    color: optionalText,
    features: optionalText,
    labeling: optionalText,
    ancestry: optionalText,
    weights: z.array(weightEntrySchema),
  })
  .superRefine((values, ctx) => {
    const birth = values.date_of_birth ? ddMmYyyySortKey(values.date_of_birth) : Number.NaN;
    if (birth > ddMmYyyySortKey(formatDdMmYyyy(new Date()))) {
      ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: BIRTH_DATE_FUTURE_KEY });
    }
  });

export type PetFormInput = z.input<typeof petFormSchema>;
export type PetFormOutput = z.output<typeof petFormSchema>;

/** react-hook-form's resolver of the schema above. */
export const petFormResolver = zodResolver(petFormSchema);
