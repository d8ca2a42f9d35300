import { z } from 'zod';
import { COMMENTS_MAX_LENGTH } from '../constants.ts';
import {
  idSchema,
  optionalDdMmYyyy,
  optionalLongText,
  optionalText,
  requiredText,
  timestampSchema,
  yesNoSchema,
} from './common.ts';

/** Medical records: allergies, diseases, interventions, medications (pet-data sections 3, 5, 7). */

export const MEDICAL_TYPES = ['allergy', 'disease', 'intervention', 'medication'] as const;
export const medicalTypeSchema = z.enum(MEDICAL_TYPES);
export type MedicalType = z.infer<typeof medicalTypeSchema>;

export const SURGERY_TYPES = ['Surgery', 'Implant'] as const;
export const surgeryTypeSchema = z.enum(SURGERY_TYPES);
export type SurgeryType = z.infer<typeof surgeryTypeSchema>;

/** Multi-select of when a medication is taken. */
export const TAKING_SCHEDULE = ['Mornings', 'Noons', 'Evenings'] as const;
export const takingScheduleSchema = z.enum(TAKING_SCHEDULE);
export type TakingSchedule = z.infer<typeof takingScheduleSchema>;

export const commentsSchema = z.string().trim().max(COMMENTS_MAX_LENGTH, 'Comments_Length_Error').nullish();

/** Every field a medical form can carry; each kind's body picks its own (section 7). */
const medicalFields = z.object({
  name: requiredText('Name_Error'),
  date: optionalDdMmYyyy,
  known_since: optionalDdMmYyyy,
  still_acute: yesNoSchema.nullish(),
  executing_person: optionalText,
  executing_organization: optionalText,
  comments: commentsSchema,
  surgery_type: surgeryTypeSchema.nullish(),
  manufacturer: optionalText,
  prescription: yesNoSchema.nullish(),
  in_use: yesNoSchema.nullish(),
  taking_schedule: z.array(takingScheduleSchema).nullish(),
  reason: optionalLongText,
  dosage: optionalText,
  taking_from: optionalDdMmYyyy,
  taking_to: optionalDdMmYyyy,
  pharma_central_number: optionalText,
});

// The kind comes from the path; allergy and disease bodies may repeat it (the spec lists it),
// and only the matching value is accepted there.

/** PUT /v1/medical/allergy?med_id=: "same without medical_type". */
export const allergyUpdateBodySchema = medicalFields.pick({
  name: true,
  known_since: true,
  still_acute: true,
  executing_person: true,
  comments: true,
  date: true,
});
/** POST /v1/medical/allergy?pet_id=. */
export const allergyCreateBodySchema = allergyUpdateBodySchema.extend({
  medical_type: z.literal('allergy').optional(),
});

/** PUT /v1/medical/disease?med_id=: as allergy plus executing_organization. */
export const diseaseUpdateBodySchema = allergyUpdateBodySchema.extend({
  executing_organization: medicalFields.shape.executing_organization,
});
export const diseaseCreateBodySchema = diseaseUpdateBodySchema.extend({
  medical_type: z.literal('disease').optional(),
});

/** POST and PUT /v1/medical/intervention. */
export const interventionCreateBodySchema = medicalFields.pick({
  name: true,
  surgery_type: true,
  executing_person: true,
  executing_organization: true,
  comments: true,
  date: true,
});
export const interventionUpdateBodySchema = interventionCreateBodySchema;

/** POST and PUT /v1/medical/medication. */
export const medicationCreateBodySchema = medicalFields.pick({
  name: true,
  manufacturer: true,
  still_acute: true,
  executing_person: true,
  executing_organization: true,
  prescription: true,
  in_use: true,
  taking_schedule: true,
  reason: true,
  dosage: true,
  pharma_central_number: true,
  comments: true,
  date: true,
  taking_from: true,
  taking_to: true,
});
export const medicationUpdateBodySchema = medicationCreateBodySchema;

export type AllergyCreateBody = z.infer<typeof allergyCreateBodySchema>;
export type AllergyUpdateBody = z.infer<typeof allergyUpdateBodySchema>;
export type DiseaseCreateBody = z.infer<typeof diseaseCreateBodySchema>;
export type DiseaseUpdateBody = z.infer<typeof diseaseUpdateBodySchema>;
export type InterventionCreateBody = z.infer<typeof interventionCreateBodySchema>;
export type InterventionUpdateBody = z.infer<typeof interventionUpdateBodySchema>;
export type MedicationCreateBody = z.infer<typeof medicationCreateBodySchema>;
export type MedicationUpdateBody = z.infer<typeof medicationUpdateBodySchema>;

/** The record answered by POST and PUT (all fields of section 7's medical response list). */
export const medicalRecordSchema = medicalFields.extend({
  id: idSchema,
  pet_id: idSchema,
  user_id: idSchema,
  /** The scheduled job of the record, if any. */
  job_id: z.string().nullish(),
  created_at: timestampSchema,
  medical_type: medicalTypeSchema,
});
export type MedicalRecord = z.infer<typeof medicalRecordSchema>;

/**
 * GET /v1/medical/mypetmedicals?pet_id= answers every kind at once, each record with name, date
 * and medical_type prefixed (medical_name, medical_date, medical_medical_type), the rest as is.
 */
export const medicalListItemSchema = medicalRecordSchema
  .omit({ name: true, date: true, medical_type: true })
  .extend({
    medical_name: medicalRecordSchema.shape.name,
    medical_date: medicalRecordSchema.shape.date,
    medical_medical_type: medicalRecordSchema.shape.medical_type,
  });
export type MedicalListItem = z.infer<typeof medicalListItemSchema>;
export const medicalListResponseSchema = z.array(medicalListItemSchema);

export function toMedicalListItem(record: MedicalRecord): MedicalListItem {
  const { name, date, medical_type, ...rest } = record;
  return { ...rest, medical_name: name, medical_date: date, medical_medical_type: medical_type };
}

export function fromMedicalListItem(item: MedicalListItem): MedicalRecord {
  const { medical_name, medical_date, medical_medical_type, ...rest } = item;
  return { ...rest, name: medical_name, date: medical_date, medical_type: medical_medical_type };
}

/** The list pages filter the all-kinds answer by kind on the client. */
export function medicalItemsOfType(items: readonly MedicalListItem[], type: MedicalType): MedicalListItem[] {
  return items.filter((item) => item.medical_medical_type === type);
}

export const medIdQuerySchema = z.object({ med_id: idSchema });

/**
 * The four kinds: API path segment (/v1/medical/{type}), list and add route slugs under
 * /pet-details/{name}/{id}/medical-data, label key, and body schemas.
 */
export const MEDICAL_CATEGORIES = [
  {
    medicalType: 'allergy',
    slug: 'allergies',
    addSlug: 'add-allergy',
    labelKey: 'Allergies',
    createBody: allergyCreateBodySchema,
    updateBody: allergyUpdateBodySchema,
  },
  {
    medicalType: 'disease',
    slug: 'diseases',
    addSlug: 'add-disease',
    labelKey: 'Diseases',
    createBody: diseaseCreateBodySchema,
    updateBody: diseaseUpdateBodySchema,
  },
  {
    medicalType: 'intervention',
    slug: 'medicalinterventions',
    addSlug: 'add-medicalintervention',
    labelKey: 'Medical_Interventions',
    createBody: interventionCreateBodySchema,
    updateBody: interventionUpdateBodySchema,
  },
  {
    medicalType: 'medication',
    slug: 'medications',
    addSlug: 'add-medication',
    labelKey: 'Medication',
    createBody: medicationCreateBodySchema,
    updateBody: medicationUpdateBodySchema,
  },
] as const satisfies ReadonlyArray<{
  medicalType: MedicalType;
  slug: string;
  addSlug: string;
  labelKey: string;
  createBody: z.ZodType;
  updateBody: z.ZodType;
}>;
export type MedicalCategory = (typeof MEDICAL_CATEGORIES)[number];
