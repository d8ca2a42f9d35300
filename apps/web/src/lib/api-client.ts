import {
  CLIENT_LOG_MAX_ERROR_LENGTH,
  CLIENT_LOG_PATH,
  FREE_SERVICE_KEY,
  IDEMPOTENCY_HEADER,
  IDENTITY_HEADER,
  REQUEST_TIMEOUT_MS,
  Status,
  isServiceNotFreeMessage,
  translationKeyFor,
  type CallContext,
  type ClientLogBody,
} from '@pet/contract';
import type { z } from 'zod';
import type { AnswerSchema } from './answer-check';
import { apiErrorBodyAnswer } from './contract-answers';

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

/** Same origin: the server serves the SPA, /v1 and /identity on one port (vite proxies in dev). */
export const API_BASE = '';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Why a call failed: an HTTP answer, no answer at all, our timeout, or an answer off-contract. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'invalid-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status; 0 when there was no answer (network error, timeout). */
  status: number;
  /** Translation key of the spec's error catalogue (always set). */
  key: string;
  message: string;
  field?: string | undefined;
  fields?: Readonly<Record<string, string>> | undefined;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly key: string;
  readonly field: string | undefined;
  readonly fields: Readonly<Record<string, string>>;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.key = init.key;
    this.field = init.field;
    this.fields = init.fields ?? {};
  }

  /** 4xx answers are decisions of the server: retrying them cannot help. */
  get isClientError(): boolean {
    return this.kind === 'http' && this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The catalogue key for anything thrown by a call (non-API errors get the generic text). */
export function errorKeyOf(error: unknown): string {
  return isApiError(error) ? error.key : 'Something_Went_Wrong_Text';
}

// ---------------------------------------------------------------------------------------------
// Identity header and the 401 handler (module state: there is one signed-in user per tab).

/** Sent when no user is known yet (sign-in, registration, public pages). */
export const ANONYMOUS_IDENTITY = 'web';
let identityId: string | null = null;

/** The session query calls this when it learns (or loses) the signed-in user's id. */
export function setIdentityId(id: string | null): void {
  identityId = id;
}

export function currentIdentityHeaderValue(): string {
  return identityId ?? ANONYMOUS_IDENTITY;
}

type UnauthorizedHandler = () => void | Promise<void>;
let unauthorizedHandler: UnauthorizedHandler | null = null;
let unauthorizedInFlight: Promise<void> | null = null;

/**
 * The app registers what a 401 means (sign out, clear the cache, go to /). Returns an
 * unregister function. Parallel 401s run the handler once.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

function notifyUnauthorized(): void {
  if (!unauthorizedHandler || unauthorizedInFlight) return;
  const handler = unauthorizedHandler;
  unauthorizedInFlight = Promise.resolve()
    .then(handler)
    .catch((error: unknown) => console.error('The 401 handler failed', error))
    .finally(() => {
      unauthorizedInFlight = null;
    });
}

// ---------------------------------------------------------------------------------------------
// Failure reports: the spec's logging POST (log, platform, error), sent from here, the one place
// every call fails through.

/** What the web app names itself in its reports (the mobile apps send ios or android). */
export const CLIENT_PLATFORM = 'web';
/** A page in trouble fails many calls at once; a few reports say as much as all of them. */
const REPORTS_PER_MINUTE = 10;
let reportWindow = { start: 0, count: 0 };

/**
 * Failures worth a report: no answer, an answer off the contract, or a server error. A 4xx is the
 * server's decision about the input and already shown to the user.
 */
function isReportable(error: ApiError): boolean {
  return error.kind !== 'http' || error.status >= 500;
}

/**
 * Sends the failure of `method path` to CLIENT_LOG_PATH, fire and forget. The path goes without
 * its query (queries carry codes, e-mail addresses and tokens); the server strips personal data
 * from the rest once more. A report that fails is dropped, never reported.
 */
export function reportFailure(method: string, path: string, error: ApiError): void {
  if (path === CLIENT_LOG_PATH || !isReportable(error)) return;
  const now = Date.now();
  if (now - reportWindow.start >= 60_000) reportWindow = { start: now, count: 0 };
  if (reportWindow.count >= REPORTS_PER_MINUTE) return;
  reportWindow.count += 1;
  const body: ClientLogBody = {
    log: `${method} ${path.split('?')[0]}: ${error.status} ${error.key}`,
    platform: CLIENT_PLATFORM,
    error: `${error.kind}: ${error.message}`.slice(0, CLIENT_LOG_MAX_ERROR_LENGTH),
  };
  try {
    // keepalive: the report still leaves when the failure makes the page navigate away.
    void fetch(buildUrl(CLIENT_LOG_PATH), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: requestHeaders(undefined, true),
      body: JSON.stringify(body),
    }).catch(() => undefined);
  } catch {
    // No fetch at all: nothing to report with.
  }
}

/** Reports an ApiError thrown by `work` (a caller's own cancellation is not a failure). */
async function reportingFailures<T>(method: string, path: string, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError) reportFailure(method, path, error);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue | readonly QueryValue[]>>;

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

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
}

/** 128 random bits as hex (getRandomValues: randomUUID needs a secure context). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function requestHeaders(
  extra: Readonly<Record<string, string>> | undefined,
  json: boolean,
  method: HttpMethod = 'GET',
): Headers {
  const headers = new Headers(extra);
  headers.set(IDENTITY_HEADER, currentIdentityHeaderValue());
  // Each POST is one submit (writes are never retried, query-client.ts): a key of its own lets
  // the server answer a repeat of this very request instead of creating twice (issue 40.7).
  if (method === 'POST' && !headers.has(IDEMPOTENCY_HEADER))
    headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (json) headers.set('Content-Type', 'application/json');
  return headers;
}

function parseBodyText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body.trim() !== '') return body;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return fallback;
}

/**
 * A non-2xx answer to ApiError: a German "service is not free" message is Free_Service_Text
 * (section 8), else the body's key wins, else the catalogue table of the contract.
 */
export function errorFromAnswer(status: number, body: unknown, context: CallContext = 'default'): ApiError {
  const parsed = apiErrorBodyAnswer.safeParse(body);
  const serverMessage = parsed.success ? parsed.data.message : messageOf(body, '');
  if (isServiceNotFreeMessage(serverMessage)) {
    return new ApiError({ kind: 'http', status, key: FREE_SERVICE_KEY, message: serverMessage });
  }
  if (parsed.success) {
    return new ApiError({
      kind: 'http',
      status,
      key: parsed.data.key,
      message: parsed.data.message,
      field: parsed.data.field,
      fields: parsed.data.fields,
    });
  }
  const message = messageOf(body, `HTTP ${status}`);
  return new ApiError({ kind: 'http', status, key: translationKeyFor(status, context, message), message });
}

function noAnswerError(kind: 'network' | 'timeout', cause: unknown): ApiError {
  return new ApiError({
    kind,
    status: 0,
    key: translationKeyFor('network'),
    message: kind === 'timeout' ? 'The request timed out' : 'The server could not be reached',
    cause,
  });
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

function throwNoContent(context: CallContext): never {
  throw new ApiError({
    kind: 'http',
    status: Status.NoContent,
    key: translationKeyFor(Status.NoContent, context === 'default' ? 'get' : context),
    message: 'No content',
  });
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
