import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchema,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerBase,
  RouteGenericInterface,
} from 'fastify';

/** Answers under this size are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

interface CompressOptions {
  global: boolean;
  globalDecompression: boolean;
  encodings: Array<'br' | 'gzip'>;
  threshold: number;
  brotliOptions: zlib.BrotliOptions;
}

// @fastify/compress's own type declarations re-declare fastify's RouteShorthandOptions with one
// type parameter instead of eight, which breaks every route's typing: load it untyped and declare
// the one route option we use (below) with fastify's exact parameters.
const compress = createRequire(import.meta.url)('@fastify/compress') as FastifyPluginAsync<CompressOptions>;

declare module 'fastify' {
  interface RouteShorthandOptions<
    /* eslint-disable @typescript-eslint/no-unused-vars */
    RawServer extends RawServerBase,
    RawRequest extends RawRequestDefaultExpression<RawServer>,
    RawReply extends RawReplyDefaultExpression<RawServer>,
    RouteGeneric extends RouteGenericInterface,
    ContextConfig,
    SchemaCompiler extends FastifySchema,
    TypeProvider extends FastifyTypeProvider,
    Logger extends FastifyBaseLogger,
    /* eslint-enable @typescript-eslint/no-unused-vars */
  > {
    /** `false`: this route's answers are never compressed (streamed file downloads). */
    compress?: false;
  }
}

/**
 * Compresses API answers over 1 KB with brotli or gzip, whichever the client's Accept-Encoding
 * prefers (and adds `Vary: Accept-Encoding`). Only types mime-db lists as compressible (JSON, HTML,
 * text, SVG, ...): PDFs and images go as they are. Streamed file downloads opt out per route
 * (`compress: false`: stored files keep their Content-Length and bytes). Must be registered before
 * the SPA's @fastify/static, which serves the build's pre-compressed `.br`/`.gz` files itself.
 * Request bodies are never inflated (no compressed uploads, no zip bombs).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Brotli at level 4 is about as fast as gzip -6 and smaller; 11 (the default) is for build time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
