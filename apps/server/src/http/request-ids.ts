import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A request id a proxy may hand in (X-Request-Id): short, and safe to log and echo. */
const INCOMING_ID = /^[\w-]{1,64}$/;

/**
 * Fastify's genReqId: the proxy's X-Request-Id when it sent a safe one, otherwise this instance's
 * random prefix and a counter. Unique across instances and restarts like a UUID for log search,
 * without a UUID's cost on every request (a random fill and a 36-character string).
 */
export function requestIdGenerator(): (request: IncomingMessage) => string {
  const prefix = randomBytes(6).toString('base64url');
  let counter = 0;
  return (request) => {
    const incoming = request.headers['x-request-id'];
    if (typeof incoming === 'string' && INCOMING_ID.test(incoming)) return incoming;
    counter += 1;
    return `${prefix}-${counter.toString(36)}`;
  };
}
