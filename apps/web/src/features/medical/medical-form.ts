import type { z } from 'zod';
import {
  MEDICAL_CATEGORIES,
  allergyUpdateBodySchema,
  ddMmYyyySortKey,
  fromMedicalListItem,
  interventionUpdateBodySchema,
  medicationUpdateBodySchema,
  type AllergyCreateBody,
  type DiseaseCreateBody,
  type InterventionCreateBody,
  type MedicalCategory,
  type MedicalListItem,
  type MedicalType,
  type MedicationCreateBody,
} from '@pet/contract';

/**
 * One form for the four kinds: every field of the medical record (pet-data section 3). Each kind
 * shows and sends only its own fields (section 7); the others stay empty, so the shared schema
 * validates exactly what the user sees: name required, comments up to 100 characters, dates
 * dd.MM.yyyy.
 */
export const medicalFormSchema = medicationUpdateBodySchema.extend({
  known_since: allergyUpdateBodySchema.shape.known_since,
  surgery_type: interventionUpdateBodySchema.shape.surgery_type,
});
export type MedicalFormValues = z.input<typeof medicalFormSchema>;
export type MedicalFormOutput = z.output<typeof medicalFormSchema>;
export type MedicalField = keyof MedicalFormValues;

/** What POST answers for any kind; PUT takes the same without medical_type. */
export type MedicalBody =
  AllergyCreateBody | DiseaseCreateBody | InterventionCreateBody | MedicationCreateBody;

export function medicalCategory(type: MedicalType): MedicalCategory {
  const category = MEDICAL_CATEGORIES.find((entry) => entry.medicalType === type);
  if (!category) throw new Error(`Unknown medical type ${type}`);
  return category;
}

/** The fields of a kind: exactly those of its update body (pet-data section 7). */
export function fieldsOf(type: MedicalType): MedicalField[] {
  return Object.keys(medicalCategory(type).updateBody.shape) as MedicalField[];
}

export function emptyMedicalForm(): MedicalFormValues {
  return {
    name: '',
    date: '',
    known_since: '',
    still_acute: null,
    executing_person: '',
    executing_organization: '',
    comments: '',
    surgery_type: null,
    manufacturer: '',
    prescription: null,
    in_use: null,
    taking_schedule: [],
    reason: '',
    dosage: '',
    taking_from: '',
    taking_to: '',
    pharma_central_number: '',
  };
}

/** A listed record as form values (edit mode); missing fields become '' so inputs stay controlled. */
export function medicalFormValues(item: MedicalListItem): MedicalFormValues {
  const record = fromMedicalListItem(item);
  const empty = emptyMedicalForm();
  return {
    name: record.name,
    date: record.date ?? empty.date,
    known_since: record.known_since ?? empty.known_since,
    still_acute: record.still_acute ?? null,
    executing_person: record.executing_person ?? empty.executing_person,
    executing_organization: record.executing_organization ?? empty.executing_organization,
    comments: record.comments ?? empty.comments,
    surgery_type: record.surgery_type ?? null,
    manufacturer: record.manufacturer ?? empty.manufacturer,
    prescription: record.prescription ?? null,
    in_use: record.in_use ?? null,
    taking_schedule: record.taking_schedule ?? [],
    reason: record.reason ?? empty.reason,
    dosage: record.dosage ?? empty.dosage,
    taking_from: record.taking_from ?? empty.taking_from,
    taking_to: record.taking_to ?? empty.taking_to,
    pharma_central_number: record.pharma_central_number ?? empty.pharma_central_number,
  };
}

/**
 * The payload of section 7 for a kind: its fields only, blanks as null. Adding an allergy or a
 * disease also names the kind (medical_type), as the spec's payload lists it.
 */
export function medicalBody(
  type: MedicalType,
  values: MedicalFormOutput,
  mode: 'create' | 'update',
): MedicalBody {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(type)) {
    const value = values[field];
    body[field] = value === '' || value === undefined ? null : value;
  }
  body.name = values.name;
  if (mode === 'create' && (type === 'allergy' || type === 'disease')) body.medical_type = type;
  return body as unknown as MedicalBody;
}

/** Newest first by date; records without a date after those with one, newest added first. */
export function sortMedicalItems(items: readonly MedicalListItem[]): MedicalListItem[] {
  const dayKey = (value: string | null | undefined) => {
    const key = value ? ddMmYyyySortKey(value) : Number.NaN;
    return Number.isNaN(key) ? Number.NEGATIVE_INFINITY : key;
  };
  return [...items].sort(
    (a, b) => dayKey(b.medical_date) - dayKey(a.medical_date) || b.created_at.localeCompare(a.created_at),
  );
}
