import type { IsoTimestamp } from '../schema.ts';

export interface PetTable {
  id: string;
  user_id: string;
  name: string;
  pet_type: string;
  gender: string | null;
  race: string | null;
  /** dd.MM.yyyy as the spec sends it. */
  date_of_birth: string | null;
  /** "42 cm" */
  size: string | null;
  color: string | null;
  features: string | null;
  labeling: string | null;
  ancestry: string | null;
  /** Storage key of the photo (pets/{id}/...); answered as a signed URL. */
  image_key: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

export interface PetWeightTable {
  id: string;
  pet_id: string;
  weight: number;
  /** dd.MM.yyyy */
  date: string;
  /** yyyyMMdd, for ordering. */
  date_sort: string;
  position: number;
  /** Who wrote it (issue 35: a carer may change only their own); null: the owner, before sharing. */
  created_by: string | null;
}

export interface PetTables {
  pet: PetTable;
  pet_weight: PetWeightTable;
}
