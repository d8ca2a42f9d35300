import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

// Full data export (GDPR Art. 20; beyond the spec, issue 17): one ZIP of every record of the user as
// JSON and CSV, every uploaded file, the emergency files and invoices. Built by a durable job; on
// every plan (a legal right, never plan-gated).

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export const dataExportStatusSchema = z.enum(DATA_EXPORT_STATUSES);
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** How long a finished export can be downloaded (the mailed link and the app's button). */
export const DATA_EXPORT_TTL_DAYS = 7;

/** Paths of the calls (the web and the mobile apps use the same). */
export const DATA_EXPORT_PATH = '/v1/account/export';
export const DATA_EXPORT_FILE_PATH = '/v1/account/export/file';
export const DATA_EXPORT_DOWNLOAD_PATH = '/v1/account/export/download';

/** An export of the signed-in user: progress is files done ÷ files total, 0–100. */
export const dataExportSchema = z.object({
  id: idSchema,
  status: dataExportStatusSchema,
  progress: z.number().int().min(0).max(100),
  files_done: z.number().int().nonnegative(),
  files_total: z.number().int().nonnegative(),
  /** Bytes of the ZIP once ready. */
  size: z.number().int().nonnegative().nullable(),
  created_at: timestampSchema,
  finished_at: timestampSchema.nullable(),
  /** Until when the ZIP can be downloaded (ready); when it was removed (expired). */
  expires_at: timestampSchema.nullable(),
  /** The signed-in download (GET, session) while ready; null otherwise. */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET and POST /v1/account/export: the user's latest export (null: none asked for yet). */
export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportState = z.infer<typeof dataExportStateSchema>;

/** GET /v1/account/export/download?token=: the mailed link (no sign-in; the token is the secret). */
export const dataExportDownloadQuerySchema = z.object({ token: z.string().min(1).max(200) });
