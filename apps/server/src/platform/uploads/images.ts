import type { Readable } from 'node:stream';
import { MAX_FILE_BYTES } from '@pet/contract';
import { badRequest } from '../errors.ts';
import type { FileStorage } from '../storage/index.ts';
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
