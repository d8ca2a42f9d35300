import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.ts';

// The server generates its OpenAPI document from these schemas: each must convert both ways.
describe('every exported schema converts to JSON Schema', () => {
  const exported: Array<[string, unknown]> = Object.entries(contract);
  const schemas: Array<[string, z.ZodType]> = [
    ...exported.filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType),
    ['activationFormSchema(tracker)', contract.activationFormSchema({ tracker: true })],
    ['registrationCodeFormSchema(tracker)', contract.registrationCodeFormSchema({ tracker: true })],
    ['appointmentCreateBodySchemaAt', contract.appointmentCreateBodySchemaAt(new Date())],
  ];

  it('finds the schemas', () => {
    expect(schemas.length).toBeGreaterThan(100);
  });

  it.each(schemas)('%s', (_name, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
