import { pipeline } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest } from '../errors.ts';
import { pendingKeyOf, type FileStorage } from '../storage/index.ts';
import { detectDocumentType, isTextType, SNIFF_BYTES, type DetectedType } from './file-types.ts';
import { markupGuard } from './markup.ts';
import { peekStream } from './peek.ts';

export interface ReceivedFile {
  /** The final key, for the row. */
  key: string;
  /** Where the bytes are until finalizeFiles moves them to `key` after the row has committed. */
  pendingKey: string;
  type: DetectedType;
  size: number;
}

export interface ReceiveFilesOptions {
  storage: FileStorage;
  maxFiles: number;
  maxBytesPerFile: number;
  /** A server-chosen (final) storage key for a file of this extension; the bytes go to its pending key. */
  keyFor: (extension: string) => string;
  /** Called before each file is stored, e.g. to stop when a plan limit is already reached. */
  beforeFile?: (index: number) => Promise<void>;
}

export const FILE_TYPE_ERROR_KEY = 'File_Type_Error_Text';

/**
 * Streams the files of a multipart request into storage one after the other, never holding a whole
 * file in memory: the type is decided from each file's first bytes, the size is metered while it
 * streams, a file over the count is refused when its header arrives. On any failure (bad type, too
 * large, too many, client gone) every file already stored by this call is deleted before the error
 * is passed on, so a failed upload leaves nothing behind.
 */
export async function receiveFiles(
  parts: AsyncIterable<MultipartFile>,
  options: ReceiveFilesOptions,
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    for await (const part of parts) {
      if (received.length >= options.maxFiles) {
        throw badRequest('To_Many_Files_Error_Text', 'file', `At most ${options.maxFiles} files per upload`);
      }
      await options.beforeFile?.(received.length);
      const { head, stream } = await peekStream(part.file, SNIFF_BYTES);
      const type = await detectDocumentType(head, part.filename);
      const typeError = () =>
        badRequest(
          FILE_TYPE_ERROR_KEY,
          'file',
          `${part.filename || 'The file'} is not an accepted document type`,
        );
      if (!type) {
        stream.destroy();
        throw typeError();
      }
      // The head was text; markup further in is refused too (the put then keeps nothing).
      // (pipeline destroys both sides on an error of either; the put reports it.)
      const body = isTextType(type) ? pipeline(stream, markupGuard(typeError), () => undefined) : stream;
      const key = options.keyFor(type.ext);
      const stored = await options.storage.put(pendingKeyOf(key), body, {
        contentType: type.mime,
        maxBytes: options.maxBytesPerFile,
      });
      // Busboy marks a file cut at its own limit; never keep a shortened file.
      if (part.file.truncated) {
        await options.storage.delete(stored.key);
        throw badRequest('File_Too_Large_Error_Text', 'file');
      }
      received.push({ key, pendingKey: stored.key, type, size: stored.size });
    }
  } catch (err) {
    await discardFiles(options.storage, received);
    throw err;
  }
  if (received.length === 0) throw badRequest('Document_Error', 'file', 'At least one file is required');
  return received;
}

/** After the rows naming them have committed: moves each file from its pending key into place. */
export async function finalizeFiles(storage: FileStorage, files: readonly ReceivedFile[]): Promise<void> {
  for (const file of files) {
    await storage.move(file.pendingKey, file.key).catch(async (err: unknown) => {
      // A reader of the committed row finished the move first (storage/finish-pending.ts).
      if ((err as { statusCode?: number }).statusCode !== 404 || !(await storage.exists(file.key))) throw err;
    });
  }
}

/** Before any row names them (a failed upload or insert): removes the pending bytes. */
export async function discardFiles(storage: FileStorage, files: readonly ReceivedFile[]): Promise<void> {
  await Promise.allSettled(files.map((file) => storage.delete(file.pendingKey)));
}
