import {
  FREE_SERVICE_KEY,
  Status,
  isServiceNotFreeMessage,
  translationKeyFor,
  type CallContext,
} from '@pet/contract';
import { apiErrorBodyAnswer } from './contract-answers';

/*
 * What a failed call throws (ApiError), with the translation key of the spec's error catalogue,
 * and how an answer, or the lack of one, becomes that error.
 */

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

export function noAnswerError(kind: 'network' | 'timeout', cause: unknown): ApiError {
  return new ApiError({
    kind,
    status: 0,
    key: translationKeyFor('network'),
    message: kind === 'timeout' ? 'The request timed out' : 'The server could not be reached',
    cause,
  });
}

export function throwNoContent(context: CallContext): never {
  throw new ApiError({
    kind: 'http',
    status: Status.NoContent,
    key: translationKeyFor(Status.NoContent, context === 'default' ? 'get' : context),
    message: 'No content',
  });
}
