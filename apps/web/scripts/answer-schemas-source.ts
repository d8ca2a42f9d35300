import { z } from 'zod';
import {
  EMAIL_FORMAT_ERROR_KEY,
  EMAIL_MAX_LENGTH,
  apiErrorBodySchema,
  messageResponseSchema,
  petSchema,
  publicConfigSchema,
  uploadImageResponseSchema,
  userInfoSchema,
} from '@pet/contract';

/**
 * The contract's answers checked without zod, by name (answer-schemas.json): those of a first
 * visit, and the pet's (a pet page's first visit shows the pet before zod arrives).
 */
export const ANSWER_SCHEMAS = {
  apiErrorBody: apiErrorBodySchema,
  messageResponse: messageResponseSchema,
  pet: petSchema,
  publicConfig: publicConfigSchema,
  uploadImageResponse: uploadImageResponseSchema,
  userInfo: userInfoSchema,
} as const;

/**
 * Values of the contract that a first visit needs and that live in modules which also build
 * schemas (importing them would bring zod): the sign-in form's e-mail check, with the pattern
 * of zod's `z.email()` that the contract's emailSchema checks.
 */
export const FIRST_VISIT_VALUES = {
  EMAIL_FORMAT_ERROR_KEY,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN: z.regexes.email.source,
} as const;

/** Descriptions are for the OpenAPI document; the checker does not need their bytes. */
function withoutDescriptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDescriptions);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(key === 'description' && typeof item === 'string'))
      .map(([key, item]) => [key, withoutDescriptions(item)]),
  );
}

/** answer-schemas.json's text: each schema's JSON Schema of its output, as zod writes it. */
export function answerSchemasJson(): string {
  const schemas = Object.fromEntries(
    Object.entries(ANSWER_SCHEMAS).map(([name, schema]) => {
      const { $schema: _version, ...json } = z.toJSONSchema(schema, {
        io: 'output',
        unrepresentable: 'throw',
      });
      return [name, withoutDescriptions(json)];
    }),
  );
  return `${JSON.stringify({ values: FIRST_VISIT_VALUES, ...schemas }, null, 2)}\n`;
}
