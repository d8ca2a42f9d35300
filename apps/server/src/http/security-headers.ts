import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The portal's security headers: a CSP that allows only its own origin, and helmet's defaults. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // MUI (emotion) injects style tags at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet would set, computed once: they depend only on the options (no nonces), and
 * @fastify/helmet rebuilt helmet's middleware on every request (15 % of a `/v1/config` answer).
 */
export function computeSecurityHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * helmet's headers that only a document (HTML) uses: API answers leave them out.
 * (OWASP REST Security Cheat Sheet: an API answer needs the CSP, HSTS, nosniff, framing and
 * referrer policies, not the browsing-context ones.)
 */
const DOCUMENT_ONLY_HEADERS = new Set([
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);
/** An API answer loads nothing and runs nothing; framing stays as for pages (same origin). */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'self'";

/**
 * The headers of `/v1/*` answers (JSON, and files, PDFs and calendars whose routes set their own
 * CSP): helmet's set without the document-only headers and with a CSP that allows nothing. An API
 * answer carried 900 bytes of headers, most of them for pages; the client parses every byte.
 */
export function apiSecurityHeaders(documentHeaders: Array<[string, string]>): Array<[string, string]> {
  return documentHeaders
    .filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name))
    .map(([name, value]): [string, string] =>
      name === 'content-security-policy' ? [name, API_CONTENT_SECURITY_POLICY] : [name, value],
    );
}

/**
 * Sets the security headers and the request id on every answer: helmet's set on pages, the API
 * set on `/v1/*` and on the build's hashed files under `/assets/` (scripts, never a page: a first
 * visit to a pet page fetches about 40 of them, and over HTTP/1.1 each carried 400 bytes of
 * headers only a page reads). Routes that need another policy (file downloads' sandboxing CSP)
 * overwrite a header after this hook.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = HELMET_OPTIONS) {
  const computed = computeSecurityHeaders(options);
  const documentHeaders = Object.fromEntries(computed);
  const apiHeaders = Object.fromEntries(apiSecurityHeaders(computed));
  app.addHook('onRequest', (request, reply, done) => {
    // Fastify's reply headers, not the raw response's: Node's setHeader allocates an entry per
    // header (1.5 KB per answer). An answer written raw (the 408 of a stalled body) copies them.
    const url = request.url;
    reply.headers(url.startsWith('/v1/') || url.startsWith('/assets/') ? apiHeaders : documentHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
