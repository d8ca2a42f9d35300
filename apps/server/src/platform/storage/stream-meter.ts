import type { Readable } from 'node:stream';
import { FileTooLargeError } from './errors.ts';

/**
 * Counts a source stream while passing its chunks on one at a time, and fails with
 * FileTooLargeError on the first chunk that takes it past maxBytes (before that chunk is written).
 * Iterating with for-await keeps backpressure: the source is read only as fast as it is written,
 * and a throw on either side destroys the source.
 */
export class StreamMeter {
  size = 0;

  constructor(private readonly maxBytes: number | undefined) {
    if (maxBytes !== undefined && (!Number.isSafeInteger(maxBytes) || maxBytes < 0)) {
      throw new RangeError('maxBytes must be a non-negative integer');
    }
  }

  async *chunks(source: Readable | AsyncIterable<unknown>): AsyncGenerator<Buffer> {
    for await (const raw of source as AsyncIterable<Buffer | Uint8Array | string>) {
      const chunk =
        typeof raw === 'string' ? Buffer.from(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
      if (chunk.length === 0) continue;
      this.size += chunk.length;
      if (this.maxBytes !== undefined && this.size > this.maxBytes)
        throw new FileTooLargeError(this.maxBytes);
      yield chunk;
    }
  }
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/** Lower-cased `type/subtype` (parameters other than charset dropped); throws on anything else. */
export function normalizeContentType(value: string): string {
  const [base = '', ...params] = value.split(';').map((p) => p.trim());
  const type = base.toLowerCase();
  if (!MIME.test(type)) throw new TypeError(`Invalid content type "${value}"`);
  const charset = params.find((p) => /^charset=[A-Za-z0-9_.:-]{1,40}$/i.test(p));
  return charset ? `${type}; ${charset.toLowerCase()}` : type;
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  rtf: 'application/rtf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
  xls: 'application/vnd.ms-excel',
};

/** Fallback when a stored type is unknown (e.g. a local file whose metadata went missing). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return BY_EXTENSION[ext] ?? 'application/octet-stream';
}
