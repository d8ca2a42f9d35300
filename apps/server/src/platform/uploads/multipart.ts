import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD } from '@pet/contract';

/**
 * Lets the routes of this scope (and only these) take multipart/form-data bodies. Registered per
 * upload scope, not on the whole app: @fastify/multipart adds an async onRequest, preValidation
 * and onResponse hook to every route it covers, three promises and a listener on each API call
 * that takes no file (a third of a cached list answer's cost). Elsewhere a multipart body is
 * refused as an unsupported media type (415).
 */
export async function acceptMultipartUploads(scope: FastifyInstance): Promise<void> {
  // bodyLimit does not cap multipart: files are limited here and metered again by the storage.
  await scope.register(multipart, {
    limits: {
      fileSize: MAX_FILE_BYTES + 1,
      files: MAX_FILES_PER_UPLOAD + 1,
      fields: 20,
      fieldSize: 64 * 1024,
    },
    throwFileSizeLimit: true,
  });
}
