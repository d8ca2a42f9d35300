import type { ApiErrorBody, MessageResponse, PublicConfig, UserInfo } from '@pet/contract';
import { jsonSchemaAnswer, type JsonSchema } from './answer-check';
import schemas from './answer-schemas.json';

/**
 * The contract's answers that a first visit reads, checked without zod (see answer-check.ts):
 * the JSON Schemas zod generates from the contract's schemas (scripts/answer-schemas.ts).
 */
const json = schemas as unknown as Readonly<
  Record<'apiErrorBody' | 'messageResponse' | 'publicConfig' | 'userInfo', JsonSchema>
>;

/**
 * The contract's EMAIL_FORMAT_ERROR_KEY and EMAIL_MAX_LENGTH (entities/common.ts) and the pattern
 * of zod's `z.email()`, from the same generated file: that module builds the schemas of most
 * calls, and zod itself is not part of a first visit.
 */
export const { EMAIL_FORMAT_ERROR_KEY, EMAIL_MAX_LENGTH } = schemas.values;
export const EMAIL_PATTERN = new RegExp(schemas.values.EMAIL_PATTERN);

/** GET /v1/config (the contract's publicConfigSchema). */
export const publicConfigAnswer = jsonSchemaAnswer<PublicConfig>(json.publicConfig);
/** GET /v1/auth/myinfo (the contract's userInfoSchema). */
export const userInfoAnswer = jsonSchemaAnswer<UserInfo>(json.userInfo);
/** The body of every non-2xx /v1 answer (the contract's apiErrorBodySchema). */
export const apiErrorBodyAnswer = jsonSchemaAnswer<ApiErrorBody>(json.apiErrorBody);
/** `{message}`, the answer of several calls (the contract's messageResponseSchema). */
export const messageResponseAnswer = jsonSchemaAnswer<MessageResponse>(json.messageResponse);
