import { REQUEST_TIMEOUT_MS, Status, type CallContext } from '@pet/contract';
import type { z } from 'zod';
import type { AnswerSchema } from './answer-check';
import { ApiError, errorFromAnswer, noAnswerError, throwNoContent } from './api-error';
import { reportingFailures } from './api-failure-reports';
import { notifyUnauthorized } from './api-identity';
import { buildUrl, requestHeaders, type HttpMethod, type QueryParams } from './api-request';

/**
 * The one HTTP client of the web app. Every call of every feature goes through it so that the
 * identity header, cookies, the timeout, the error catalogue and the 401 sign-out live in one place.
 *
 * Conventions for feature api/ files:
 *   export const fetchPet = (petId: string, signal?: AbortSignal) =>
 *     api.get('/v1/pet', petSchema, { query: { pet_id: petId }, signal });
 * Every call names the zod schema of its answer (use `z.unknown()` when the answer is not used), so
 * a server that drifts from the contract fails loudly in one place instead of deep in a screen.
 * The calls of a first visit (config, myinfo, sign-in) name zod-free checks of the same contract
 * schemas instead (answer-check.ts, contract-answers.ts), and error bodies are checked that way.
 *
 * Its parts: errors (api-error.ts), the identity header and the 401 handler (api-identity.ts), URL
 * and headers (api-request.ts), failure reports (api-failure-reports.ts). What callers need of them
 * is exported from here, so `@/lib/api-client` stays the one import of a feature.
 */

/**
 * The schema of an answer: a zod schema, or any other AnswerSchema (the calls of a first visit use
 * zod-free checks, lib/answer-check.ts, so that zod is not part of it).
 */
export type Answer = z.ZodType | AnswerSchema<unknown>;
/** What a call with schema S answers. */
export type AnswerOutput<S extends Answer> = S extends z.ZodType
  ? z.output<S>
  : S extends AnswerSchema<infer T>
    ? T
    : never;

export { ApiError, errorKeyOf, isApiError } from './api-error';
export { currentIdentityHeaderValue, setIdentityId, setUnauthorizedHandler } from './api-identity';
export { API_BASE, buildUrl, type QueryParams } from './api-request';

export interface CallOptions {
  query?: QueryParams;
  /** Where the call is made from; some statuses mean different keys per context (errors.ts). */
  context?: CallContext;
  /** Cancellation from the caller (TanStack Query passes one to every queryFn). */
  signal?: AbortSignal;
  headers?: Readonly<Record<string, string>>;
  /** Milliseconds; `null` disables the timeout. Default REQUEST_TIMEOUT_MS. */
  timeoutMs?: number | null;
  /**
   * The call itself asks "am I signed in?" (GET /v1/auth/myinfo): a 401 is its answer, not an
   * expired session, so the sign-out handler is not run.
   */
  unauthorizedIsAnswer?: boolean;
  /** Treat an empty 204 as an error with the catalogue key of the context (No_Content_Text, ...). */
  noContentIsError?: boolean;
}

export interface RequestOptions extends CallOptions {
  method?: HttpMethod;
  /** JSON-encoded unless it is FormData (sent as multipart, without progress: use `upload`). */
  body?: unknown;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadOptions extends CallOptions {
  method?: 'POST' | 'PUT';
  onProgress?: (progress: UploadProgress) => void;
}

function parseBodyText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function handleAnswer<S extends Answer>(
  status: number,
  body: unknown,
  schema: S,
  options: CallOptions,
): AnswerOutput<S> {
  if (status === Status.Unauthorized && !options.unauthorizedIsAnswer) notifyUnauthorized();
  if (status < 200 || status >= 300) throw errorFromAnswer(status, body, options.context);
  if (status === Status.NoContent && options.noContentIsError) {
    const context = options.context ?? 'get';
    return throwNoContent(context);
  }
  // A zod schema's output or an AnswerSchema's: both are what AnswerOutput<S> names.
  const parsed = (schema as AnswerSchema<AnswerOutput<S>>).safeParse(body);
  if (!parsed.success) {
    // Logged so a contract drift is visible in the console; the user sees the generic text.
    console.error('Answer does not match the contract', parsed.error);
    throw new ApiError({
      kind: 'invalid-response',
      status,
      key: 'Something_Went_Wrong_Text',
      message: 'The answer does not match the contract',
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Runs `work` with the caller's signal and our timeout combined into one AbortSignal. */
async function withTimeout<T>(options: CallOptions, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timeoutMs = options.timeoutMs === undefined ? REQUEST_TIMEOUT_MS : options.timeoutMs;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });
  try {
    return await work(controller.signal);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw noAnswerError('timeout', error);
    // Cancelled by the caller (a query that is no longer needed): not an error to show.
    if (options.signal?.aborted) throw error;
    throw noAnswerError('network', error);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

// ---------------------------------------------------------------------------------------------
// Early reads: on a first visit, main.tsx asks for a screen's first GET (the pet of a pet page)
// while the app's code still loads, instead of after the screen has rendered. The screen's own
// call of the same URL then takes that answer (once) instead of asking again.

/** How long an early answer waits for its screen's call before it is dropped. */
const EARLY_READ_TTL_MS = 15_000;
const earlyReads = new Map<string, Promise<Response>>();

/** Starts a GET now, for the screen's call of the same path and query to take (prefetch). */
export function readEarly(path: string, query?: QueryParams): void {
  const url = buildUrl(path, query);
  if (earlyReads.has(url)) return;
  const answer = fetch(url, { credentials: 'include', headers: requestHeaders(undefined, false) });
  // A failure is the screen's to see when it takes the answer; until then nobody waits for it.
  answer.catch(() => undefined);
  earlyReads.set(url, answer);
  setTimeout(() => {
    if (earlyReads.get(url) === answer) earlyReads.delete(url);
  }, EARLY_READ_TTL_MS);
}

/** The early answer of this URL, once; it ends (rejects) when the call is cancelled or times out. */
function takeEarlyRead(url: string, signal: AbortSignal): Promise<Response> | undefined {
  const answer = earlyReads.get(url);
  if (!answer) return undefined;
  earlyReads.delete(url);
  return new Promise<Response>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

async function request<S extends Answer>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<AnswerOutput<S>> {
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  const hasJsonBody = options.body !== undefined && !isForm;
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  return reportingFailures(
    method,
    path,
    withTimeout(options, async (signal) => {
      const early = method === 'GET' && !options.headers ? takeEarlyRead(url, signal) : undefined;
      const response = await (early ??
        fetch(url, {
          method,
          credentials: 'include',
          headers: requestHeaders(options.headers, hasJsonBody, method),
          body: isForm ? (options.body as FormData) : hasJsonBody ? JSON.stringify(options.body) : undefined,
          signal,
        }));
      const body = parseBodyText(await response.text());
      return handleAnswer(response.status, body, schema, options);
    }),
  );
}

/** Binary answers (PDFs): the Blob on 2xx, an ApiError otherwise. */
async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return reportingFailures(
    options.method ?? 'GET',
    path,
    withTimeout(options, async (signal) => {
      const response = await fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        credentials: 'include',
        headers: requestHeaders({ Accept: '*/*', ...options.headers }, options.body !== undefined),
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
      if (response.status === Status.Unauthorized && !options.unauthorizedIsAnswer) notifyUnauthorized();
      if (!response.ok)
        throw errorFromAnswer(response.status, parseBodyText(await response.text()), options.context);
      if (response.status === Status.NoContent) {
        return throwNoContent(options.context ?? 'get');
      }
      return response.blob();
    }),
  );
}

/**
 * Multipart upload with progress. XMLHttpRequest, because fetch has no upload progress events.
 * No timeout by default: 5 files of 25 MB on a slow line take longer than 30 s, and the progress
 * bar shows the user that it is moving.
 */
function upload<S extends Answer>(
  path: string,
  formData: FormData,
  schema: S,
  options: UploadOptions = {},
): Promise<AnswerOutput<S>> {
  return reportingFailures(options.method ?? 'POST', path, uploadOnce(path, formData, schema, options));
}

function uploadOnce<S extends Answer>(
  path: string,
  formData: FormData,
  schema: S,
  options: UploadOptions,
): Promise<AnswerOutput<S>> {
  return new Promise<AnswerOutput<S>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', buildUrl(path, options.query));
    xhr.withCredentials = true;
    requestHeaders(options.headers, false, options.method ?? 'POST').forEach((value, name) =>
      xhr.setRequestHeader(name, value),
    );
    if (options.timeoutMs) xhr.timeout = options.timeoutMs;

    const abortFromCaller = () => xhr.abort();
    const cleanup = () => options.signal?.removeEventListener('abort', abortFromCaller);
    if (options.signal?.aborted) {
      reject(options.signal.reason);
      return;
    }
    options.signal?.addEventListener('abort', abortFromCaller, { once: true });

    xhr.upload.addEventListener('progress', (event) => {
      if (!options.onProgress || !event.lengthComputable) return;
      options.onProgress({
        loaded: event.loaded,
        total: event.total,
        fraction: event.total > 0 ? event.loaded / event.total : 0,
      });
    });
    xhr.addEventListener('load', () => {
      cleanup();
      try {
        resolve(handleAnswer(xhr.status, parseBodyText(xhr.responseText), schema, options));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      cleanup();
      reject(noAnswerError('network', new Error('XMLHttpRequest error')));
    });
    xhr.addEventListener('timeout', () => {
      cleanup();
      reject(noAnswerError('timeout', new Error('XMLHttpRequest timeout')));
    });
    xhr.addEventListener('abort', () => {
      cleanup();
      reject(options.signal?.reason ?? new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(formData);
  });
}

export const api = {
  get: <S extends Answer>(path: string, schema: S, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'GET' }),
  post: <S extends Answer>(path: string, body: unknown, schema: S, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'POST', body }),
  put: <S extends Answer>(path: string, body: unknown, schema: S, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'PUT', body }),
  patch: <S extends Answer>(path: string, body: unknown, schema: S, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'PATCH', body }),
  delete: <S extends Answer>(path: string, schema: S, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'DELETE' }),
  request,
  blob: requestBlob,
  upload,
};
