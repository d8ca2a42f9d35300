import type { IsoTimestamp } from '../schema.ts';

/** A contact of a pet (pet-data section 3). Optional texts are null when not given. */
export interface ContactTable {
  id: string;
  /** References pet(id) ON DELETE CASCADE: deleting the pet removes its contacts. */
  pet_id: string;
  user_id: string;
  title: string | null;
  name: string;
  address: string | null;
  zip: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2 code ("DE"). */
  country: string | null;
  phone: string;
  email: string | null;
  /** A built-in type (Holder, Vet, ...) or a custom one of the user. */
  contact_type: string;
  /** dd.MM.yyyy, vets only. */
  doctor_since: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Who wrote it (issue 35: a carer may change only their own); null: the owner, before sharing. */
  created_by: string | null;
}

export interface ContactTables {
  contact: ContactTable;
}
