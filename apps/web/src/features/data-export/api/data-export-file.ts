import { DATA_EXPORT_FILE_PATH } from '@pet/contract';
import { buildUrl } from '@/lib/api-client';

/**
 * GET /v1/account/export/file, the signed-in download: a plain link (the browser streams the ZIP
 * to disk with the session cookie; a Blob of a large export would sit in memory).
 */
export const dataExportFileUrl = () => buildUrl(DATA_EXPORT_FILE_PATH);
