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
 * Sets the security headers and the request id on every answer. Routes that need another policy
 * (file downloads' sandboxing CSP) overwrite a header after this hook.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions = HELMET_OPTIONS) {
  const headers = computeSecurityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as helmet did: answers written raw (the 408 of a stalled body) get them too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    reply.header('x-request-id', request.id);
    done();
  });
}
