import type { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { badRequest } from '../errors.ts';

/** The one file of a single-file upload (a photo, an avatar) and how to know its body arrived whole. */
export interface SingleFileUpload {
  stream: Readable;
  filename: string;
  /**
   * Resolves once the multipart body has ended with its closing boundary (later parts are read and
   * dropped); rejects when the body was cut short or is malformed. Called after the file's bytes
   * are stored and before anything commits, so a body that never arrived whole stores nothing.
   */
  bodyComplete: () => Promise<void>;
}

/**
 * Takes the first file of a multipart body (`request.files()`); 400 Document_Error when there is
 * none. The body's remaining parts are read by `bodyComplete`: a body that ends after the file but
 * before its closing boundary would otherwise be accepted (the file's part itself had ended).
 */
export async function firstFileOf(parts: AsyncIterable<MultipartFile>): Promise<SingleFileUpload> {
  const iterator = parts[Symbol.asyncIterator]();
  // As before: a body that yields no file, whatever the reason, is the spec's "no file".
  const first = await iterator.next().catch(() => null);
  if (!first || first.done) throw badRequest('Document_Error', 'file', 'A multipart file field is required');
  return {
    stream: first.value.file,
    filename: first.value.filename,
    bodyComplete: async () => {
      for (let next = await iterator.next(); !next.done; next = await iterator.next())
        next.value.file.resume();
    },
  };
}
