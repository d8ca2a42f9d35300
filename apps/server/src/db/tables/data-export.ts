import type { IsoTimestamp } from '../schema.ts';

export type DataExportStatus = 'queued' | 'running' | 'ready' | 'failed' | 'expired';

/**
 * A full data export of a user (modules/account-export): one ZIP built by a durable job, downloadable
 * for 7 days, then deleted by another job.
 */
export interface DataExportTable {
  id: string;
  user_id: string;
  /** user_id while queued or running, null afterwards (unique: one running export per user). */
  active_user_id: string | null;
  status: DataExportStatus;
  /** 'de' | 'en': the README's and the mail's language, fixed when the export is asked for. */
  language: string;
  partner_id: string;
  files_done: number;
  files_total: number;
  /** users/{id}/exports/{export id}.zip once written. */
  storage_key: string | null;
  /** Bytes of the ZIP (bigint: PostgreSQL answers a string, the repo converts). */
  size: number | string | null;
  /** SHA-256 (hex) of the mailed download token; the token itself is never stored. */
  token_hash: string | null;
  mailed_at: IsoTimestamp | null;
  error: string | null;
  created_at: IsoTimestamp;
  started_at: IsoTimestamp | null;
  finished_at: IsoTimestamp | null;
  expires_at: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

export interface DataExportTables {
  data_export: DataExportTable;
}
