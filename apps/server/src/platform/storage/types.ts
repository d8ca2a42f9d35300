import type { Readable } from 'node:stream';

export interface PutOptions {
  /** The server-detected type (magic bytes), stored with the file and served back as Content-Type. */
  contentType: string;
  /** Abort with FileTooLargeError as soon as the stream passes this many bytes; nothing is kept. */
  maxBytes?: number;
}

export interface PutResult {
  key: string;
  size: number;
}

export interface StoredFile {
  /** The caller must consume or destroy it. */
  stream: Readable;
  size: number;
  contentType: string;
}

export interface StoredObjectInfo {
  key: string;
  modifiedAt: Date;
}

export type FileDisposition = 'inline' | 'attachment';

export interface SignedUrlOptions {
  /** 1 to MAX_SIGNED_URL_SECONDS. */
  expiresInSeconds: number;
  /** attachment by default; inline is honoured only for images and PDF (checked when served). */
  disposition?: FileDisposition;
  /** Server-chosen file name for Content-Disposition; defaults to the key's last segment. */
  downloadName?: string;
}

/** What a valid signed URL grants: serving this key with this disposition and name until expiresAt. */
export interface SignedUrlGrant {
  key: string;
  disposition: FileDisposition;
  downloadName: string | undefined;
  /** Unix seconds. */
  expiresAt: number;
}

/** Pino-compatible: where adapters report cleanup failures they cannot throw. */
export interface StorageLogger {
  warn(obj: object, msg: string): void;
}

/**
 * The one file storage interface (DESIGN 2 and 7): local folder or S3-compatible bucket. Keys are
 * server-chosen (see keys.ts: newFileKey); every method rejects an invalid key with InvalidStorageKeyError.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `source` into `key` (never buffering the whole file). The object becomes visible only when
   * complete; on FileTooLargeError, a source error or any other failure nothing is left behind. Meant
   * for fresh keys: a failed put of an existing key may remove that key.
   */
  put(key: string, source: Readable, options: PutOptions): Promise<PutResult>;
  /**
   * 404 AppError (Not_Found_Text) when missing. Bytes of a committed upload still under
   * `pending/{key}` (a crash before the move) are moved into place and read.
   */
  get(key: string): Promise<StoredFile>;
  /** Idempotent: deleting a missing key is fine. */
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix` (must end with '/', e.g. `pets/{id}/`); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  exists(key: string): Promise<boolean>;
  /** Keys under `prefix` ('' for all, otherwise ending with '/'), sorted. */
  list(prefix: string): Promise<string[]>;
  /** Like list, with each object's last modification (the reconciler's grace period reads it). */
  listObjects(prefix: string): Promise<StoredObjectInfo[]>;
  /**
   * Moves an object to another key (content type kept), replacing what is there; the source is gone
   * afterwards. Used to finalize a pending upload once its row has committed. 404 when `from` is missing.
   */
  move(from: string, to: string): Promise<void>;
  /** `/v1/files/{key}?exp=...&disp=...&name=...&sig=...`, served by filesRoutes. */
  signedUrl(key: string, options: SignedUrlOptions): string;
  /** The grant of a signed URL's key and query, or null when tampered, malformed or expired. */
  verifySignedUrl(key: string, query: Record<string, unknown>): SignedUrlGrant | null;
  /** Releases connections (S3 client); the storage is unusable afterwards. */
  close(): Promise<void>;
}
