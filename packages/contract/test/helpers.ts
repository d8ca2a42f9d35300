import type { z } from 'zod';

/** The validation messages (translation keys) of a failed parse, as "path: key" strings. */
export function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The keys reported for one field. */
export function keysAt(schema: z.ZodType, value: unknown, path: string): string[] {
  return issuesOf(schema, value)
    .filter((issue) => issue.startsWith(`${path}: `))
    .map((issue) => issue.slice(path.length + 2));
}

/** The parsed value; fails the test with the issues when parsing fails. */
export function parseOk<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`expected a valid value, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}
