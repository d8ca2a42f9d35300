/**
 * File storage (DESIGN 2 and 7): one FileStorage interface over a local folder (default) or an
 * S3-compatible bucket, server-chosen keys, streaming size-limited uploads that leave nothing behind
 * on failure, signed short-lived URLs and safe serving.
 */
export type {
  FileDisposition,
  FileStorage,
  PutOptions,
  PutResult,
  SignedUrlGrant,
  SignedUrlOptions,
  StorageLogger,
  StoredFile,
  StoredObjectInfo,
} from './types.ts';
export { FileTooLargeError, InvalidStorageKeyError } from './errors.ts';
export {
  assertValidKey,
  assertValidPrefix,
  finalKeyOf,
  isPendingKey,
  isValidKey,
  pendingKeyOf,
  PENDING_PREFIX,
  newFileKey,
  ownerKeyPrefix,
  type StorageOwner,
} from './keys.ts';
export { FILES_BASE_PATH, MAX_SIGNED_URL_SECONDS, sanitizeDownloadName, UrlSigner } from './signing.ts';
export { LocalFileStorage, type LocalStorageOptions } from './local.ts';
export { S3FileStorage, S3_PART_SIZE, type S3StorageOptions } from './s3.ts';
export { createStorage, loadOrCreateUrlSecret } from './factory.ts';
export {
  contentDisposition,
  FILE_CSP,
  filesRoutes,
  INLINE_CONTENT_TYPES,
  INLINE_PDF_CSP,
  isInlineAllowed,
  sendStoredFile,
  storagePlugin,
  type FilesRoutesOptions,
  type SendStoredFileOptions,
  type StoragePluginOptions,
} from './http.ts';
export { finishCommittedUploads, finishPendingMove } from './finish-pending.ts';
export {
  reconcileStorage,
  type ReconcileOptions,
  type ReconcileReport,
  type StorageKeyOwner,
} from './reconcile.ts';
