import type { DbBool, IsoTimestamp } from '../schema.ts';

/**
 * The lost-pet tag of a pet (modules/lost-pet): the random token printed as a QR code, whether the
 * public page answers, and what it shows. Goes with the pet (ON DELETE CASCADE).
 */
export interface PetTagTable {
  pet_id: string;
  user_id: string;
  /** 128 random bits, base64url; printed on the tag, so it is kept (regenerating replaces it). */
  token: string;
  enabled: DbBool;
  show_owner_name: DbBool;
  show_phone: DbBool;
  show_message: DbBool;
  message: string | null;
  show_medical: DbBool;
  show_vet_phone: DbBool;
  notify_on_access: DbBool;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/**
 * An opening of a public page of the owner's data: the tag page (pet_id set) or the public
 * emergency download (pet_id null: it holds all the owner's pets). The client address is never
 * stored (the rate limits count it in their own store, for their window only); the device is a
 * coarse user-agent summary.
 */
export interface PublicAccessTable {
  id: string;
  user_id: string;
  pet_id: string | null;
  kind: 'tag' | 'emergency';
  device: string;
  created_at: IsoTimestamp;
}

/** A finder's message sent from the tag page. */
export interface FinderReportTable {
  id: string;
  pet_id: string;
  user_id: string;
  message: string;
  phone: string;
  latitude: number | null;
  longitude: number | null;
  created_at: IsoTimestamp;
}

export interface LostPetTables {
  pet_tag: PetTagTable;
  public_access: PublicAccessTable;
  finder_report: FinderReportTable;
}
