/**
 * Checks of answers without zod, for the calls of a first visit (the brand config, "who is signed
 * in?", error bodies, the sign-in calls): zod's classic schemas cost about 19 KiB brotli on every
 * first visit to /signin, which is the first screen of most visitors. Every other call keeps the
 * contract's zod schemas (they arrive with the signed-in routes' code).
 *
 * The api client takes any `AnswerSchema`: a zod schema is one, and so is `jsonSchemaAnswer(...)`,
 * which checks a value against a JSON Schema. The contract's own answers are checked against the
 * JSON Schema that zod generates from the contract's schema (`answer-schemas.json`; a test fails
 * when it no longer matches the contract, so the contract stays the one source of truth).
 *
 * The checker knows the keywords zod writes for the schemas it is given (the test walks every
 * schema and refuses unknown keywords): types, properties and required, items, enum and const,
 * lengths and bounds, pattern, format uri, anyOf. Like zod it ignores keys it does not know
 * (`additionalProperties: false` only says zod drops them), and it answers the value as it came.
 */

export type AnswerCheckResult<T> = { success: true; data: T } | { success: false; error: unknown };

/** What the api client needs of a schema: zod's `safeParse` (zod schemas are AnswerSchemas). */
export interface AnswerSchema<T> {
  safeParse(value: unknown): AnswerCheckResult<T>;
}

/** The subset of JSON Schema (draft 2020-12) that zod writes for the contract's answers. */
type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  /** One type, or several (zod writes `["string", "null"]` for a nullable string). */
  type?: JsonType | readonly JsonType[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: readonly unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  anyOf?: readonly JsonSchema[];
  $schema?: string;
  description?: string;
  default?: unknown;
}

/** Every keyword `check` reads or may safely ignore; the test refuses schemas with others. */
export const KNOWN_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'enum',
  'const',
  'pattern',
  'format',
  'anyOf',
  '$schema',
  'description',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function typeMatches(type: JsonSchema['type'], value: unknown): boolean {
  if (typeof type === 'object') return type.some((one) => typeMatches(one, value));
  switch (type) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
  }
}

/** zod's `z.url()`: anything the URL parser accepts (with a scheme). */
function isUrl(value: string): boolean {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
}

const patterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let pattern = patterns.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    patterns.set(source, pattern);
  }
  return pattern;
}

/** The first problem of `value` against `schema` as "path: what", or null when it fits. */
export function checkJsonSchema(schema: JsonSchema, value: unknown, path = '$'): string | null {
  if (schema.anyOf && !schema.anyOf.some((option) => checkJsonSchema(option, value, path) === null)) {
    return `${path}: matches none of its options`;
  }
  if (!typeMatches(schema.type, value)) return `${path}: not a ${String(schema.type)}`;
  if ('const' in schema && value !== schema.const) return `${path}: not ${String(schema.const)}`;
  if (schema.enum && !schema.enum.includes(value)) return `${path}: not one of ${schema.enum.join(', ')}`;
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) return `${path}: too short`;
    if (schema.maxLength !== undefined && value.length > schema.maxLength) return `${path}: too long`;
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(value))
      return `${path}: wrong format`;
    if (schema.format === 'uri' && !isUrl(value)) return `${path}: not a URL`;
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path}: too small`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path}: too large`;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
      return `${path}: too small`;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum)
      return `${path}: too large`;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return `${path}: too few items`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${path}: too many items`;
    if (schema.items) {
      for (const [index, item] of value.entries()) {
        const problem = checkJsonSchema(schema.items, item, `${path}[${index}]`);
        if (problem) return problem;
      }
    }
  }
  if (isObject(value)) {
    for (const name of schema.required ?? []) {
      if (value[name] === undefined) return `${path}.${name}: missing`;
    }
    for (const [name, item] of Object.entries(value)) {
      const property = schema.properties?.[name];
      const itemSchema =
        property ?? (isObject(schema.additionalProperties) ? schema.additionalProperties : null);
      // A declared optional property may be absent (undefined), as in zod; a record's values not.
      if (!itemSchema || (property && item === undefined && !schema.required?.includes(name))) continue;
      const problem = checkJsonSchema(itemSchema, item, `${path}.${name}`);
      if (problem) return problem;
    }
  }
  return null;
}

/** An AnswerSchema that checks against `schema` and answers the value as it came. */
export function jsonSchemaAnswer<T>(schema: JsonSchema): AnswerSchema<T> {
  return {
    safeParse(value) {
      const problem = checkJsonSchema(schema, value);
      return problem === null
        ? { success: true, data: value as T }
        : { success: false, error: new Error(problem) };
    },
  };
}

/** `z.unknown()`: an answer that is not read. */
export const anyAnswer: AnswerSchema<unknown> = { safeParse: (value) => ({ success: true, data: value }) };
