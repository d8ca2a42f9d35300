import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { carriesSessionCookie } from '../platform/auth/session-cookie.ts';
import { RoutePreloads } from './route-preloads.ts';
import { appLanguageOf } from './ui-language.ts';

/** Paths that belong to the server; everything else is a route of the single-page app. */
const SERVER_PREFIXES = ['/v1/', '/identity/', '/dev/', '/sandbox/', '/docs', '/healthz', '/readyz'];
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built SPA: hashed assets cached for a year (immutable), index.html never cached, and
 * the history fallback that answers index.html for any app route, with the route's chunks listed
 * for preloading (route-preloads.ts). Every file goes pre-compressed
 * (brotli or gzip, from the build) when the client accepts it, with `Vary: Accept-Encoding`.
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built: run `npm run build` (npm start does it)');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent as
    // they are to a client that accepts them, the plain file otherwise.
    preCompressed: true,
    // Our setHeaders decides caching: @fastify/static's own max-age=0 would overwrite it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache',
      );
      // The answer depends on Accept-Encoding: caches must keep one copy per encoding.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  const preloads = RoutePreloads.read(webDistDir);
  /**
   * index.html for an app route. With the page's chunks to preload, it is that page's variant
   * (with its first GET calls started, too), compressed per answer (@fastify/compress); otherwise
   * the build's pre-compressed file.
   */
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, urlPath: string) => {
    reply.header('cache-control', 'no-cache');
    const hasSessionCookie = carriesSessionCookie(request.headers.cookie);
    const files = preloads?.filesFor(urlPath, hasSessionCookie, appLanguageOf(request.headers)) ?? [];
    if (preloads && files.length > 0) {
      // The lists follow the session cookie and the visitor's language.
      reply.header('vary', 'Cookie, Accept-Language');
      const reads = preloads.readsFor(urlPath, hasSessionCookie);
      return reply.type('text/html; charset=utf-8').send(preloads.page(files, reads));
    }
    return reply.type('text/html').sendFile('index.html', { cacheControl: false });
  };

  /**
   * The installable app (issue 36): the manifest of the request's brand (the build writes one per
   * brand into pwa/), not cached (a brand's name may change), one copy per host. /sw.js is a plain
   * file of the build: served below with `no-cache` like every unhashed file, from the root scope.
   */
  app.get('/manifest.webmanifest', (request, reply) => {
    const file = `pwa/manifest-${request.brand.id}.webmanifest`;
    if (!fs.existsSync(path.join(webDistDir, file))) return reply.callNotFound();
    reply.header('vary', 'Host');
    return reply.type('application/manifest+json').sendFile(file, { cacheControl: false });
  });

  app.get('/', (request, reply) => sendIndex(request, reply, '/'));
  app.get('/*', (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (SERVER_PREFIXES.some((prefix) => urlPath.startsWith(prefix))) {
      return reply.callNotFound();
    }
    // A file that exists (assets, logos, favicon) is served as it is; anything else is an app route.
    const relative = path.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
    const filePath = path.join(webDistDir, relative);
    if (filePath.startsWith(webDistDir) && fs.existsSync(filePath) && fs.statSync(filePath).isFile()) {
      return reply.sendFile(relative);
    }
    if (path.extname(urlPath) && urlPath.startsWith('/assets/')) return reply.callNotFound();
    return sendIndex(request, reply, urlPath);
  });
}
