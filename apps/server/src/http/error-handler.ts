import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { translationKeyFor, type ApiErrorBody } from '@pet/contract';
import { AppError } from '../platform/errors.ts';

/** zod messages in the contract are translation keys (Email_Format_Error); anything else is not. */
const TRANSLATION_KEY = /^[A-Z][A-Za-z0-9]*(_[A-Za-z0-9]+)+$/;

function body(
  statusCode: number,
  key: string,
  message: string,
  extra: Partial<ApiErrorBody> = {},
): ApiErrorBody {
  const error = statusCode >= 500 ? 'Internal Server Error' : statusCode === 404 ? 'Not Found' : 'Error';
  return { statusCode, error, message, key, ...extra };
}

const MULTIPART_ERROR_KEYS: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: 'File_Too_Large_Error_Text',
  FST_FILES_LIMIT: 'To_Many_Files_Error_Text',
  FST_PARTS_LIMIT: 'To_Many_Files_Error_Text',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Document_Error',
};

/** busboy's (and its dicer's) messages for a body that is not well-formed multipart. */
const MALFORMED_MULTIPART =
  /^(Multipart: |Malformed part header|Unexpected end of (form|multipart data)|(Part|Preamble) terminated early)/;

/** The one place where errors become HTTP answers. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // The client went away (or stalled and got its 408 from http/timeouts.ts): nobody to answer,
    // nothing wrong on our side.
    // (Not request.raw.destroyed: a body read to its end is destroyed too, by autoDestroy.)
    const clientGone = request.raw.aborted || request.raw.socket?.destroyed === true;
    if (reply.raw.headersSent || clientGone || err.code === 'FST_MP_PREMATURE_CLOSE') {
      request.log.info({ err: { message: err.message, code: err.code } }, 'client aborted the request');
      if (reply.raw.headersSent) return;
      return reply
        .code(400)
        .send(body(400, 'Document_Error', 'The request was closed before it was complete'));
    }
    if (err instanceof AppError) {
      if (err.statusCode >= 500 && err.statusCode !== 500) request.log.error({ err }, 'request failed');
      const extra = err.field ? { field: err.field } : {};
      return reply.code(err.statusCode).send(body(err.statusCode, err.key, err.message, extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Report every field's key; the first one is the answer's key.
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const message = issue.message ?? '';
        const key = TRANSLATION_KEY.test(message) ? message : 'Bad_Request_Text';
        if (field && !fields[field]) fields[field] = key;
      }
      const [firstField, firstKey] = Object.entries(fields)[0] ?? ['_', 'Bad_Request_Text'];
      return reply
        .code(400)
        .send(
          body(400, firstKey, `Invalid ${err.validationContext ?? 'request'}`, { field: firstField, fields }),
        );
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(body(500, 'Failure_Call_Text', 'Internal server error'));
    }
    // A multipart body busboy cannot parse (no boundary, malformed part headers, a body that ends
    // before its closing boundary): the client's fault.
    if (!err.statusCode && MALFORMED_MULTIPART.test(err.message)) {
      return reply.code(400).send(body(400, 'Document_Error', err.message, { field: 'file' }));
    }
    // @fastify/multipart's own limits, in the catalogue's words.
    const multipartKey = MULTIPART_ERROR_KEYS[err.code];
    if (multipartKey) return reply.code(400).send(body(400, multipartKey, err.message, { field: 'file' }));
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(body(500, 'Failure_Call_Text', 'Internal server error'));
    }
    // Framework errors (malformed JSON, payload too large, rate limit, ...): keep status and message.
    return reply.code(status).send(body(status, translationKeyFor(status), err.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(body(404, 'Not_Found_Text', `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
