import { fileTypeFromBuffer } from 'file-type';
import type { AcceptedDocumentExtension } from '@pet/contract';
import { containsMarkup } from './markup.ts';

/**
 * Decides an uploaded file's type from its bytes (pet-data section 5's accepted list), never from
 * its name or declared type. The name only chooses between formats that share one container
 * (doc, dot, xls and wps are all OLE compound files; txt, csv and dif are all plain text).
 */
export interface DetectedType {
  ext: AcceptedDocumentExtension;
  mime: string;
  /** Images and PDFs may be shown inline in the app; everything else is only downloaded. */
  inlineViewable: boolean;
}

/** Plain-text types, whose whole content is scanned for markup while it streams. */
export function isTextType(type: DetectedType): boolean {
  return (TEXT_EXTENSIONS as readonly string[]).includes(type.ext);
}

/** Bytes needed from the start of a file to decide its type. */
export const SNIFF_BYTES = 4100;

const RASTER_IMAGES: Partial<Record<string, AcceptedDocumentExtension>> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  bmp: 'bmp',
  tif: 'tif',
  heic: 'heic',
};
const OFFICE_ZIP: Partial<Record<string, AcceptedDocumentExtension>> = {
  docx: 'docx',
  docm: 'docm',
  dotx: 'dotx',
  dotm: 'dotm',
  odt: 'odt',
};
const OLE_EXTENSIONS = ['doc', 'dot', 'xls', 'wps'] as const;
const TEXT_EXTENSIONS = ['txt', 'csv', 'dif'] as const;

const MIME: Record<string, string> = {
  doc: 'application/msword',
  dot: 'application/msword',
  xls: 'application/vnd.ms-excel',
  wps: 'application/vnd.ms-works',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  dif: 'text/plain; charset=utf-8',
  dbf: 'application/dbase',
};

/**
 * Every media type a stored document can have (what detectDocumentType answers, parameters left
 * out): GET /v1/document/file documents these.
 */
export const DOCUMENT_MEDIA_TYPES: readonly [string, ...string[]] = [
  'application/pdf',
  ...['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff', 'heic', 'heif'].map((image) => `image/${image}`),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.ms-word.template.macroenabled.12',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  ...new Set(Object.values(MIME).map((mime) => mime.split(';')[0]!)),
];

function claimedExtension(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

function isPlainText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString('utf8');
  // Markup a browser would render or run is never "text", wherever it starts and whatever the name
  // (receive-files scans the rest of a text file with markupGuard).
  if (containsMarkup(text)) return false;
  // Allow a truncated multi-byte sequence at the end of the sniffed window.
  const body = text.replace(/\uFFFD{1,3}$/, '');
  if (body.includes('\uFFFD')) return false;
  // Control characters other than tab, CR, LF and form feed mean binary.
  // eslint-disable-next-line no-control-regex -- detecting control characters is the point
  return !/[\x01-\x08\x0E-\x1F\x7F]/.test(body);
}

/** dBASE table header: version byte, a plausible last-update date, header and record lengths. */
function isDbf(head: Buffer): boolean {
  if (head.length < 32) return false;
  const versions = [0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x32, 0x43, 0x63, 0x83, 0x8b, 0xcb, 0xf5, 0xfb];
  const month = head[2]!;
  const day = head[3]!;
  const headerLength = head.readUInt16LE(8);
  const recordLength = head.readUInt16LE(10);
  return (
    versions.includes(head[0]!) &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 31 &&
    headerLength >= 33 &&
    recordLength >= 1
  );
}

export async function detectDocumentType(head: Buffer, fileName: string): Promise<DetectedType | null> {
  const claimed = claimedExtension(fileName);
  const detected = await fileTypeFromBuffer(head);
  if (detected) {
    if (detected.ext === 'pdf') return { ext: 'pdf', mime: 'application/pdf', inlineViewable: true };
    const image = RASTER_IMAGES[detected.ext];
    if (image)
      return { ext: image, mime: detected.mime, inlineViewable: image !== 'heic' && image !== 'tif' };
    const office = OFFICE_ZIP[detected.ext];
    if (office) return { ext: office, mime: detected.mime, inlineViewable: false };
    if (detected.ext === 'rtf') return { ext: 'rtf', mime: 'application/rtf', inlineViewable: false };
    if (detected.ext === 'cfb') {
      const ext = (OLE_EXTENSIONS as readonly string[]).includes(claimed)
        ? (claimed as (typeof OLE_EXTENSIONS)[number])
        : 'doc';
      return { ext, mime: MIME[ext]!, inlineViewable: false };
    }
    // Recognised but not on the list (executables, archives, svg, html, xlsx, media ...).
    return null;
  }
  if (claimed === 'dbf' && isDbf(head)) return { ext: 'dbf', mime: MIME.dbf!, inlineViewable: false };
  if (head.length > 0 && isPlainText(head)) {
    const ext = (TEXT_EXTENSIONS as readonly string[]).includes(claimed)
      ? (claimed as (typeof TEXT_EXTENSIONS)[number])
      : 'txt';
    return { ext, mime: MIME[ext]!, inlineViewable: false };
  }
  return null;
}
