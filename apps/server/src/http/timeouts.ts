import type { OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translationKeyFor } from '@pet/contract';

/**
 * A request body (a multipart upload) whose client sends nothing for `idleMs` before the body is
 * complete answers 408 and its request is destroyed: the upload's stream then fails, and
 * receiveFiles and the storage delete what they had written (temporary files included). Without
 * this a body without its closing boundary would hold its socket for ever.
 */
export function registerBodyIdleTimeout(app: FastifyInstance, idleMs: number): void {
  // On every request, as the first hook (GET and HEAD return at once): installed later, after
  // the session lookup, the watch's socket listener came after the upload had started flowing,
  // and a large upload stalled (the kill-during-upload test took 30 s and left a temp file).
  // A callback hook, not async: one promise less on every request.
  app.addHook('onRequest', (request, reply, done) => {
    watchBody(request, reply, idleMs);
    done();
  });
}

function watchBody(request: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const socket = request.raw.socket;
  // app.inject has no real socket (and nothing can stall).
  if (!(socket instanceof Socket) || request.method === 'GET' || request.method === 'HEAD') return;
  const fire = () => {
    stop();
    if (request.raw.complete || reply.raw.headersSent) return;
    request.log.info({ url: request.url }, 'request body stalled: 408');
    const body = JSON.stringify({
      statusCode: 408,
      error: 'Error',
      message: 'The request body was not received in time',
      key: translationKeyFor(408),
    });
    reply.raw.writeHead(408, {
      // The security headers and request id the onRequest hooks gave the reply.
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    reply.raw.end(body, () => {
      request.raw.destroy();
      socket.destroy();
    });
  };
  const timer = setTimeout(fire, idleMs);
  const onData = () => timer.refresh();
  const stop = () => {
    clearTimeout(timer);
    socket.off('data', onData);
  };
  socket.on('data', onData);
  request.raw.once('end', stop);
  reply.raw.once('close', stop);
}
