import { z } from 'zod';
import { ACCEPTED_DOCUMENT_EXTENSIONS, documentUpdateBodySchema, validateUploadFiles } from '@pet/contract';

/**
 * Files of a document: what the picker accepts (pet-data section 5), how a stored file is shown
 * (type family, icon, inline preview) and the add form's schema. Pure functions, no React.
 */

/** Shown before sending when a chosen file's extension is not on the spec's list. */
export const FILE_TYPE_ERROR_KEY = 'File_Type_Error_Text';

/** The picker's accept attribute: every accepted extension. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Lower-case extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

export function isAcceptedExtension(fileName: string): boolean {
  return (ACCEPTED_DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

export type FileFamily = 'image' | 'pdf' | 'word' | 'sheet' | 'text' | 'other';

const FAMILIES: Record<string, FileFamily> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  bmp: 'image',
  tif: 'image',
  tiff: 'image',
  heic: 'image',
  avif: 'image',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  docm: 'word',
  dot: 'word',
  dotx: 'word',
  dotm: 'word',
  odt: 'word',
  rtf: 'word',
  wps: 'word',
  xls: 'sheet',
  csv: 'sheet',
  dbf: 'sheet',
  dif: 'sheet',
  txt: 'text',
};

/** The type family of a stored file's type (doc_url `type`) or a file name's extension. */
export function fileFamily(type: string): FileFamily {
  return FAMILIES[type.toLowerCase()] ?? 'other';
}

/** Images every browser draws in place (the server sends only these and PDFs inline). */
const PREVIEWABLE_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'avif']);

export type PreviewKind = 'image' | 'pdf' | 'none';

export function previewKind(type: string): PreviewKind {
  const lower = type.toLowerCase();
  if (PREVIEWABLE_IMAGES.has(lower)) return 'image';
  if (lower === 'pdf') return 'pdf';
  return 'none';
}

/** The owner-checked file URL of a doc_url entry, shown in place (images and PDFs). */
export function inlineUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}inline=1`;
}

/** Types the server makes a thumbnail of at upload (the first page of a PDF, images scaled). */
const THUMBNAIL_TYPES = new Set(['pdf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff']);

/**
 * The owner-checked thumbnail of a doc_url entry (GET /v1/document/thumbnail, same file_id), or
 * null for a type that has none (office and text files show their type icon).
 */
export function thumbnailUrl(file: { url: string; type: string }): string | null {
  if (!THUMBNAIL_TYPES.has(file.type.toLowerCase())) return null;
  const parsed = new URL(file.url, 'http://portal.invalid');
  const fileId = parsed.searchParams.get('file_id');
  if (parsed.pathname !== '/v1/document/file' || !fileId) return null;
  return `/v1/document/thumbnail?file_id=${encodeURIComponent(fileId)}`;
}

/** Short upper-case label of a file type for chips and captions: PDF, PNG, DOCX ... */
export function typeLabel(type: string): string {
  return (type || '?').toUpperCase();
}

/** Human-readable size with the UI language's decimal separator: 812 KB, 3.4 MB. */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, digits: number) =>
    value.toLocaleString(language === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: digits });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${format(Math.round(bytes / 1024), 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** The problems of one chosen file (too large, type not on the list), as translation keys. */
export function fileProblems(file: { name: string; size: number }): string[] {
  const keys = validateUploadFiles([file]).filter((key) => key !== 'Document_Error');
  if (!isAcceptedExtension(file.name)) keys.push(FILE_TYPE_ERROR_KEY);
  return keys;
}

/**
 * Every key of pet-data section 5 for the chosen files, in a stable order: none chosen, more than
 * five, one over 25 MB, one of a type not on the list.
 */
export function chosenFilesProblems(files: ReadonlyArray<{ name: string; size: number }>): string[] {
  const keys = validateUploadFiles(files);
  if (files.some((file) => !isAcceptedExtension(file.name))) keys.push(FILE_TYPE_ERROR_KEY);
  return keys;
}

/** The add form: the contract's description rule plus the chosen files. */
export const documentAddFormSchema = documentUpdateBodySchema.extend({
  files: z.array(z.custom<File>()).superRefine((files, ctx) => {
    for (const key of chosenFilesProblems(files)) ctx.addIssue({ code: 'custom', message: key });
  }),
});
export type DocumentAddForm = z.input<typeof documentAddFormSchema>;

/**
 * Per-file progress from the upload's total progress. The multipart body carries the files in the
 * chosen order; the few bytes of part headers are spread over the files in proportion.
 */
export function perFileProgress(sizes: readonly number[], fraction: number): number[] {
  const totalSize = sizes.reduce((sum, size) => sum + size, 0);
  if (totalSize === 0) return sizes.map(() => (fraction >= 1 ? 1 : 0));
  const sent = Math.min(1, Math.max(0, fraction)) * totalSize;
  let start = 0;
  return sizes.map((size) => {
    const done = size === 0 ? (sent >= start ? 1 : 0) : Math.min(1, Math.max(0, (sent - start) / size));
    start += size;
    return done;
  });
}
