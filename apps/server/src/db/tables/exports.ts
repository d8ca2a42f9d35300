import type { IsoTimestamp } from '../schema.ts';

/**
 * A vet handover share link (modules/pet-records-export): the random token of its public page, the pet and
 * the chosen documents (the PDF is made on each download, so documents deleted meanwhile are left
 * out), its expiry, revocation and download count. Goes with the pet (ON DELETE CASCADE).
 */
export interface HandoverLinkTable {
  id: string;
  /** 128 random bits, base64url. */
  token: string;
  user_id: string;
  pet_id: string;
  /** JSON array of document ids, in the owner's order. */
  document_ids: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
  downloads: number;
  last_download_at: IsoTimestamp | null;
}

export interface ExportTables {
  handover_link: HandoverLinkTable;
}
