import type { Generated } from 'kysely';
import type { IsoTimestamp } from '../schema.ts';

export interface DocumentTable {
  id: string;
  user_id: string;
  pet_id: string;
  document_type: string;
  /** 'document-safe' (the column's default) or 'vet-findings': both have a category stored as 'Others'. */
  area: Generated<string>;
  description: string;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  /** Who wrote it (issue 35: a carer may change only their own); null: the owner, before sharing. */
  created_by: string | null;
}

/**
 * A stored file. It is written after its bytes are in storage (so no row ever points at a missing
 * file) and belongs to no document until POST /v1/document claims it; unclaimed files are removed
 * by a job a day later.
 */
export interface DocumentFileTable {
  id: string;
  user_id: string;
  pet_id: string;
  document_id: string | null;
  storage_key: string;
  /** Canonical extension decided from the bytes (pdf, jpg, docx ...). */
  ext: string;
  mime: string;
  size: number;
  position: number;
  created_at: IsoTimestamp;
}

export interface DocumentTables {
  document: DocumentTable;
  document_file: DocumentFileTable;
}
