import { z } from 'zod';

/**
 * Bytes, not JSON: OpenAPI's `type: string, format: binary`. (z.any, so that the reply of a route
 * declaring it takes a stream or a buffer.)
 */
const binary = z.any().meta({ type: 'string', format: 'binary' });

export interface BinaryAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * A binary answer as the OpenAPI document shows it (issue 40.4): its real media types, each with a
 * binary schema, so generated clients read a file instead of parsing JSON. fastify-type-provider-
 * zod's transform keeps `content` as given; the answer itself is a stream or buffer, never
 * serialized.
 */
export function binaryAnswer(
  description: string,
  ...mediaTypes: readonly [string, ...string[]]
): BinaryAnswer {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])) };
}
