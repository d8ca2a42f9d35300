import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * Response serialization: the routes' zod schemas stay the source; each is compiled once to JSON
 * Schema (zod's toJSONSchema, output side) and then to a fast-json-stringify function, the
 * serializer Fastify uses by default, instead of encoding every answer with zod and then calling
 * JSON.stringify.
 *
 * A schema is compiled only when the JSON Schema says everything zod's encode would do to a valid
 * answer: no transforms, codecs, dates or custom checks (toJSONSchema refuses those, or marks
 * them with an empty schema), no defaults (fast-json-stringify fills them differently). Any other
 * schema keeps zod's serializer for that route and status (`fallbacks` lists them).
 */
export interface ResponseSerializers {
  compiler: FastifySerializerCompiler<unknown>;
  /** `METHOD url status` of every response schema left to zod, and why. */
  fallbacks: Array<{ route: string; reason: string }>;
  /** The zod schema behind every compiled serializer, by `METHOD url status` (for the tests). */
  compiled: Map<string, z.ZodType>;
}

type JsonSchema = Record<string, unknown>;

/** Why a JSON Schema would not serialize like zod does, or null when it would. */
function unfaithful(schema: unknown, path = '#'): string | null {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const reason = unfaithful(item, `${path}/${i}`);
      if (reason) return reason;
    }
    return null;
  }
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as JsonSchema;
  if ('default' in node) return `default at ${path}`;
  // fast-json-stringify resolves $ref through its own resolver; keep to self-contained schemas.
  if ('$ref' in node) return `$ref at ${path}`;
  // An empty schema stands for something JSON Schema cannot say (z.custom, z.any inside a shape
  // is fine for zod but would be stringified without zod's checks): only allow it at the root.
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value as JsonSchema)) {
        if (property && typeof property === 'object' && Object.keys(property).length === 0) {
          return `unconstrained property ${path}/properties/${name}`;
        }
        const reason = unfaithful(property, `${path}/properties/${name}`);
        if (reason) return reason;
      }
      continue;
    }
    const reason = unfaithful(value, `${path}/${key}`);
    if (reason) return reason;
  }
  return null;
}

function toJsonSchema(schema: z.ZodType): JsonSchema {
  // `unrepresentable: 'throw'` (the default) refuses transforms, dates, custom types.
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchema;
  delete json.$schema;
  withoutZodOnlyFormats(json);
  return json;
}

/** Formats zod writes beside a `pattern` that says the same (`.startsWith()` and friends). */
const ZOD_ONLY_FORMATS = new Set(['starts_with', 'ends_with', 'includes']);

/**
 * Drops those formats: JSON Schema has no such format, and the Ajv that fast-json-stringify uses
 * to pick a branch of a union warned about each one at every start. Serializing never checks a
 * format; the pattern stays.
 */
function withoutZodOnlyFormats(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(withoutZodOnlyFormats);
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (typeof record.format === 'string' && ZOD_ONLY_FORMATS.has(record.format)) delete record.format;
  Object.values(record).forEach(withoutZodOnlyFormats);
}

export function createResponseSerializers(): ResponseSerializers {
  const fallbacks: ResponseSerializers['fallbacks'] = [];
  const compiled: ResponseSerializers['compiled'] = new Map();
  const compiler: FastifySerializerCompiler<unknown> = (route) => {
    const { schema, method, url, httpStatus } = route as typeof route & { httpStatus?: string };
    const key = `${method} ${url} ${httpStatus ?? ''}`.trim();
    const fallback = (reason: string) => {
      fallbacks.push({ route: key, reason });
      return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
    };
    if (!(schema instanceof z.ZodType)) return fallback('not a zod schema');
    let json: JsonSchema;
    try {
      json = toJsonSchema(schema);
    } catch (error) {
      return fallback(`not representable: ${(error as Error).message}`);
    }
    const reason = unfaithful(json);
    if (reason) return fallback(reason);
    try {
      const stringify = fastJsonStringify(json);
      compiled.set(key, schema);
      return stringify as (data: unknown) => string;
    } catch (error) {
      return fallback(`fast-json-stringify refused it: ${(error as Error).message}`);
    }
  };
  return { compiler, fallbacks, compiled };
}
