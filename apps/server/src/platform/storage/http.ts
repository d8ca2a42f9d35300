import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors.ts';
import { isValidKey } from './keys.ts';
import { FILES_BASE_PATH, MAX_SIGNED_URL_SECONDS, sanitizeDownloadName } from './signing.ts';
import type { FileDisposition, FileStorage } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The file storage (local folder or S3), set by storagePlugin. */
    storage: FileStorage;
  }
}

/** Served files may never run script on our origin, whatever they contain (HTML, SVG, ...). */
export const FILE_CSP = "default-src 'none'; sandbox";
/**
 * Inline PDFs only: browsers' PDF viewers refuse to run in a sandboxed document (Chromium, Safari),
 * so `sandbox` is left out. The type is exactly application/pdf with nosniff, so the bytes are never
 * rendered as HTML; the viewer runs isolated from our origin.
 */
export const INLINE_PDF_CSP = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'";

/** Types a browser may show in place: raster images and PDF. Everything else (HTML, SVG, text) is an attachment. */
export const INLINE_CONTENT_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'application/pdf',
]);

const baseType = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase();

export function isInlineAllowed(contentType: string): boolean {
  return INLINE_CONTENT_TYPES.has(baseType(contentType));
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the RFC 5987 UTF-8 `filename*`. */
export function contentDisposition(type: FileDisposition, fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export interface SendStoredFileOptions {
  /** Server-chosen; defaults to the key's last segment. */
  downloadName?: string;
  /** attachment by default; inline is honoured only for INLINE_CONTENT_TYPES. */
  disposition?: FileDisposition;
  /** Cache-Control max-age; 0 by default. */
  maxAgeSeconds?: number;
}

/**
 * Streams a stored file with safe headers: stored Content-Type and length, Content-Disposition
 * (attachment unless inline is asked for an image or PDF), nosniff, a sandboxing CSP and private
 * caching. For owner-checked routes: check ownership first, then `return sendStoredFile(...)`.
 * A missing file is a 404 AppError.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  options: SendStoredFileOptions = {},
): Promise<FastifyReply> {
  const file = await storage.get(key);
  const inline = options.disposition === 'inline' && isInlineAllowed(file.contentType);
  const name = sanitizeDownloadName(options.downloadName ?? '') || key.slice(key.lastIndexOf('/') + 1);
  const maxAge = Math.max(0, Math.floor(options.maxAgeSeconds ?? 0));
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      inline && baseType(file.contentType) === 'application/pdf' ? INLINE_PDF_CSP : FILE_CSP,
    )
    .header('cache-control', `private, max-age=${maxAge}`)
    .header('referrer-policy', 'no-referrer')
    .send(file.stream);
}

export interface FilesRoutesOptions {
  storage: FileStorage;
  /** For tests: the clock for Cache-Control's max-age. */
  now?: () => number;
}

/**
 * GET /v1/files/{key}?exp&disp&name&sig: serves a signed URL made by storage.signedUrl. A bad,
 * tampered or expired signature is 403 Forbidden_Text. Register without a prefix (the path is fixed).
 */
export const filesRoutes: FastifyPluginAsync<FilesRoutesOptions> = async (
  app,
  { storage, now = Date.now },
) => {
  // Opaque signed links, not an API call of the contract: kept out of the OpenAPI document.
  app.get(`${FILES_BASE_PATH}/*`, { compress: false, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    const grant = isValidKey(key)
      ? storage.verifySignedUrl(key, request.query as Record<string, unknown>)
      : null;
    if (!grant) throw forbidden('Forbidden_Text', 'Invalid or expired file link');
    const remaining = grant.expiresAt - Math.floor(now() / 1000);
    return sendStoredFile(reply, storage, key, {
      disposition: grant.disposition,
      downloadName: grant.downloadName,
      maxAgeSeconds: Math.min(remaining, MAX_SIGNED_URL_SECONDS),
    });
  });
};

export interface StoragePluginOptions {
  storage: FileStorage;
}

/** Decorates `app.storage`, closes it with the app and serves signed URLs (filesRoutes). */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app: FastifyInstance, { storage }) => {
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
    await app.register(filesRoutes, { storage });
  },
  { name: 'storage' },
);
