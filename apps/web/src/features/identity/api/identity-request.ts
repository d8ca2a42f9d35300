import {
  IDENTITY_HEADER,
  REQUEST_TIMEOUT_MS,
  Status,
  signInErrorKey,
  translationKeyFor,
} from '@pet/contract';
import { jsonSchemaAnswer, type AnswerSchema } from '@/lib/answer-check';
import {
  API_BASE,
  ApiError,
  currentIdentityHeaderValue,
  type Answer,
  type AnswerOutput,
} from '@/lib/api-client';

/**
 * Calls of the identity service (better-auth, mounted at /identity/*). Its error answers are
 * `{ code, message }` rather than the /v1 error body, so they get their own small client: the
 * same cookies, identity header and timeout as lib/api-client, and failures as ApiError whose
 * key is the catalogue key of the screen (account-area section 8), plus the service's `code`.
 * A 401 here is an answer (wrong password), never an expired session.
 */

/** Where an identity call is made from: the same code means different texts per screen. */
export type IdentityCallContext = 'signIn' | 'changePassword' | 'resetPassword' | 'default';

export class IdentityError extends ApiError {
  /** The identity service's error code (INVALID_EMAIL_OR_PASSWORD, BANNED_USER, ...), if any. */
  readonly code: string | undefined;

  constructor(init: ConstructorParameters<typeof ApiError>[0] & { code?: string | undefined }) {
    super(init);
    this.name = 'IdentityError';
    this.code = init.code;
  }
}

export function isIdentityError(error: unknown): error is IdentityError {
  return error instanceof IdentityError;
}

const errorBodySchema = jsonSchemaAnswer<{ code?: string; message?: string }>({
  type: 'object',
  properties: { code: { type: 'string' }, message: { type: 'string' } },
});

/** Codes whose meaning does not depend on the screen. */
const TOKEN_CODES = new Set(['INVALID_TOKEN', 'EXPIRED_TOKEN', 'TOKEN_EXPIRED']);
export const WRONG_PLATFORM_CODE = 'USER_NOT_ON_THIS_PLATFORM';

/** The catalogue key of an identity-service failure (account-area section 8). */
export function identityErrorKey(
  status: number,
  code: string | undefined,
  context: IdentityCallContext = 'default',
): string {
  if (status === Status.TooManyRequests) return 'Too_Many_Requests_Text';
  if (status === Status.UserNotOnThisPlatform || code === WRONG_PLATFORM_CODE)
    return 'User_Does_Not_Exist_On_This_Platform';
  if (code === 'BANNED_USER') return 'Account_Disabled';
  if (status === Status.BadGateway) return 'Server_Down_Text';
  switch (context) {
    case 'signIn':
      if (status >= 500) return 'Sign_In_Failed';
      return signInErrorKey(code);
    case 'changePassword':
      // Section 8: a 500 (and a wrong old password) is Invalid_Password_Text.
      if (status === Status.InternalError || code === 'INVALID_PASSWORD') return 'Invalid_Password_Text';
      return translationKeyFor(status);
    case 'resetPassword':
      if (code && TOKEN_CODES.has(code)) return 'identity.reset.linkInvalid';
      return translationKeyFor(status);
    default:
      if (code && TOKEN_CODES.has(code)) return 'identity.reset.linkInvalid';
      return translationKeyFor(status);
  }
}

export interface IdentityCallOptions {
  context?: IdentityCallContext;
  signal?: AbortSignal;
}

/** POST /identity<path> with a JSON body; the answer parsed with `schema`. */
export async function identityPost<S extends Answer>(
  path: string,
  body: unknown,
  schema: S,
  options: IdentityCallOptions = {},
): Promise<AnswerOutput<S>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_BASE}/identity${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [IDENTITY_HEADER]: currentIdentityHeaderValue(),
      },
      body: JSON.stringify(body ?? {}),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new IdentityError({
      kind: timedOut ? 'timeout' : 'network',
      status: 0,
      key: translationKeyFor('network'),
      message: timedOut ? 'The request timed out' : 'The server could not be reached',
      cause,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }

  let parsedBody: unknown = undefined;
  if (text !== '') {
    try {
      parsedBody = JSON.parse(text) as unknown;
    } catch {
      parsedBody = text;
    }
  }

  if (!response.ok) {
    const errorBody = errorBodySchema.safeParse(parsedBody);
    const code = errorBody.success ? errorBody.data.code : undefined;
    const message =
      (errorBody.success && errorBody.data.message) ||
      (typeof parsedBody === 'string' && parsedBody) ||
      `HTTP ${response.status}`;
    throw new IdentityError({
      kind: 'http',
      status: response.status,
      key: identityErrorKey(response.status, code, options.context),
      message,
      code,
    });
  }

  const parsed = (schema as AnswerSchema<AnswerOutput<S>>).safeParse(parsedBody);
  if (!parsed.success) {
    console.error('Identity answer does not match the expected shape', parsed.error);
    throw new IdentityError({
      kind: 'invalid-response',
      status: response.status,
      key: 'Something_Went_Wrong_Text',
      message: 'The answer does not match the contract',
      cause: parsed.error,
    });
  }
  return parsed.data;
}
