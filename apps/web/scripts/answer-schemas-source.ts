import { z } from 'zod';
import {
  EMAIL_FORMAT_ERROR_KEY,
  EMAIL_MAX_LENGTH,
  apiErrorBodySchema,
  messageResponseSchema,
  noticeSchema,
  petSchema,
  publicConfigSchema,
  todayResponseSchema,
  uploadImageResponseSchema,
  userInfoSchema,
} from '@pet/contract';

/** The contract's answers that a first visit checks without zod, by name (answer-schemas.json). */
export const FIRST_VISIT_ANSWER_SCHEMAS = {
  apiErrorBody: apiErrorBodySchema,
  messageResponse: messageResponseSchema,
  publicConfig: publicConfigSchema,
  userInfo: userInfoSchema,
} as const;

/**
 * The answers that signed-in screens check before zod has arrived (screen-answer-schemas.json):
 * a pet page shows the pet, and saves it, without the contract's zod schemas. A file of its own,
 * so that they are not part of a first visit to /signin.
 */
export const SCREEN_ANSWER_SCHEMAS = {
  pet: petSchema,
  uploadImageResponse: uploadImageResponseSchema,
  // Home's "Today" and notices (issue 36), read on the first signed-in visit.
  todayResponse: todayResponseSchema,
  notices: z.array(noticeSchema),
} as const;

/** Every zod-free answer check, by name. */
export const ANSWER_SCHEMAS = { ...FIRST_VISIT_ANSWER_SCHEMAS, ...SCREEN_ANSWER_SCHEMAS } as const;

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

/** The JSON Schema of each schema's output, as zod writes it, by name. */
function jsonSchemasOf(schemas: Record<string, z.ZodType>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const { $schema: _version, ...json } = z.toJSONSchema(schema, {
        io: 'output',
        unrepresentable: 'throw',
      });
      return [name, withoutDescriptions(json)];
    }),
  );
}

/** The generated files (in src/lib) and their text. */
export const ANSWER_SCHEMA_FILES: Record<string, () => string> = {
  'answer-schemas.json': () =>
    `${JSON.stringify({ values: FIRST_VISIT_VALUES, ...jsonSchemasOf(FIRST_VISIT_ANSWER_SCHEMAS) }, null, 2)}\n`,
  'screen-answer-schemas.json': () => `${JSON.stringify(jsonSchemasOf(SCREEN_ANSWER_SCHEMAS), null, 2)}\n`,
};
