import type { IsoTimestamp } from '../schema.ts';

/**
 * One table for the four kinds of medical record (pet-data section 3): allergy, disease,
 * intervention, medication. Fields a kind does not have stay null. Dates are dd.MM.yyyy as sent.
 */
export interface MedicalRecordTable {
  id: string;
  /** References pet(id) ON DELETE CASCADE: deleting the pet removes its records. */
  pet_id: string;
  user_id: string;
  /** allergy | disease | intervention | medication; fixed at creation. */
  medical_type: string;
  name: string;
  date: string | null;
  known_since: string | null;
  /** Yes | No */
  still_acute: string | null;
  executing_person: string | null;
  executing_organization: string | null;
  comments: string | null;
  /** Surgery | Implant */
  surgery_type: string | null;
  manufacturer: string | null;
  /** Yes | No */
  prescription: string | null;
  /** Yes | No */
  in_use: string | null;
  /** JSON array text of Mornings, Noons, Evenings (canonical order, no duplicates); null when none. */
  taking_schedule: string | null;
  reason: string | null;
  dosage: string | null;
  taking_from: string | null;
  taking_to: string | null;
  pharma_central_number: string | null;
  /** A scheduled job of the record; none exists yet, so always null. */
  job_id: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Who wrote it (issue 35: a carer may change only their own); null: the owner, before sharing. */
  created_by: string | null;
}

export interface MedicalTables {
  medical_record: MedicalRecordTable;
}
