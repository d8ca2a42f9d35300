import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '@pet/contract';
import { badRequest } from '../errors.ts';
import { pendingKeyOf, type FileStorage } from '../storage/index.ts';
import { detectDocumentType, SNIFF_BYTES } from './file-types.ts';
import { peekStream } from './peek.ts';

/** Photos and avatars: images a browser shows inline. */
const PHOTO_EXTENSIONS = new Set(['jpg', 'png', 'webp', 'gif']);
export const IMAGE_TYPE_ERROR_KEY = 'Image_Type_Error_Text';

/**
 * Streams an uploaded photo to storage after checking from its first bytes that it is an image,
 * under a key chosen by the server. Answers the stored key; on any failure nothing is stored.
 */
export async function storeImage(
  storage: FileStorage,
  file: { stream: Readable },
  keyFor: (extension: string) => string,
): Promise<string> {
  const { head, stream } = await peekStream(file.stream, SNIFF_BYTES);
  const type = await detectDocumentType(head, '');
  if (!type || !PHOTO_EXTENSIONS.has(type.ext)) {
    stream.destroy();
    file.stream.resume();
    throw badRequest(IMAGE_TYPE_ERROR_KEY, 'file', 'Only JPEG, PNG, WebP or GIF images are accepted');
  }
  const stored = await storage.put(keyFor(type.ext), stream, {
    contentType: type.mime,
    maxBytes: MAX_FILE_BYTES,
  });
  return stored.key;
}

/** A photo's bytes as they arrive, and (from a request) whether its body ended well. */
export interface ImageUpload {
  stream: Readable;
  /** Rejects when the request's body was cut short (single-file.ts): nothing may commit then. */
  bodyComplete?: () => Promise<void>;
}

export interface ReplaceImageOptions {
  /** The final key of the new image, for the extension its bytes have. */
  keyFor: (extension: string) => string;
  /**
   * Points the row at `newKey` in one transaction that also reads the key it replaces (locked, so
   * parallel replacements each see their true predecessor); answers that old key or null. Throws
   * (e.g. 404) when the row is gone: the new bytes are then removed.
   */
  swap: (newKey: string) => Promise<string | null>;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Replaces a pet photo or an avatar so that storage and rows converge (issue 15.4): the bytes go
 * to a pending key, the row commits with the final key, then the bytes move into place and the
 * replaced file (and a pending copy of it that a parallel replacement has not finalized yet) is
 * deleted. Parallel replacements keep exactly one file; a crash at any step leaves what the
 * storage reconciler repairs (pending without a row: removed; row without its final file: moved).
 */
export async function replaceImage(
  storage: FileStorage,
  file: ImageUpload,
  options: ReplaceImageOptions,
): Promise<string> {
  let finalKey = '';
  const pendingKey = await storeImage(storage, file, (ext) => {
    finalKey = options.keyFor(ext);
    return pendingKeyOf(finalKey);
  });
  let oldKey: string | null;
  try {
    // The file's part ended; the request's body must end well too before the row changes.
    await file.bodyComplete?.();
    oldKey = await options.swap(finalKey);
  } catch (err) {
    await storage.delete(pendingKey);
    throw err;
  }
  await storage.move(pendingKey, finalKey).catch((err: unknown) => {
    // A parallel replacement that committed after ours already removed our pending bytes.
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  });
  if (oldKey && oldKey !== finalKey) {
    await Promise.all([storage.delete(oldKey), storage.delete(pendingKeyOf(oldKey))]).catch((err: unknown) =>
      options.log.warn({ err, key: oldKey }, 'replaced image not deleted; the storage reconciler will'),
    );
  }
  return finalKey;
}
