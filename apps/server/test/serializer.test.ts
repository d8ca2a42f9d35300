import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createResponseSerializers } from '../src/http/serializer.ts';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { registeredUser, v1 } from './identity-helpers.ts';

/**
 * Answers are serialized by fast-json-stringify compiled from the routes' zod schemas
 * (http/serializer.ts). They must be the JSON zod's serializer made of the same data.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** What zod's serializer makes of the answer's data for the route's schema. */
function zodAnswer(route: string, body: string): string {
  const schema = t.app.responseSerializers.compiled.get(route);
  if (!schema) throw new Error(`no compiled serializer for ${route}`);
  const [method, url] = route.split(' ') as [string, string];
  return zodSerializerCompiler({ schema, method, url, httpStatus: route.split(' ')[2] } as never)(
    JSON.parse(body),
  );
}

function expectSameAsZod(route: string, res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(Number(route.split(' ')[2]));
  // The same JSON value (members, nesting, nulls, absent optionals); fast-json-stringify may
  // write an object's members in another order, which JSON does not give a meaning.
  expect(JSON.parse(res.body)).toStrictEqual(JSON.parse(zodAnswer(route, res.body)));
}

describe(`response serialization (${testDatabaseKind})`, { timeout: 60_000 }, () => {
  it('compiles every response schema of the app (no route falls back to zod)', () => {
    expect(t.app.responseSerializers.fallbacks).toEqual([]);
    expect(t.app.responseSerializers.compiled.size).toBeGreaterThan(100);
  });

  it("compiles zod's string checks without Ajv's unknown-format warning (startsWith: the brand logo)", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { compiler, fallbacks } = createResponseSerializers();
      // In a union: fast-json-stringify compiles the branches with Ajv to pick one.
      const branch = z.object({ logo: z.string().startsWith('/'), tag: z.string().endsWith('!') });
      const schema = z.union([branch, z.object({ none: z.literal(true) })]);
      const stringify = compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
      expect(fallbacks).toEqual([]);
      expect(JSON.parse(stringify({ logo: '/a.svg', tag: 'hi!' }) as string)).toEqual({
        logo: '/a.svg',
        tag: 'hi!',
      });
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('real answers are the JSON zod serialized: nullables, optionals, dates, lists, errors', async () => {
    const user = await registeredUser(t.app);
    const as = { bearer: user.token };
    expectSameAsZod('GET /v1/config 200', await t.app.inject({ url: '/v1/config' }));
    expectSameAsZod('GET /v1/auth/myinfo 200', await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as));

    const created = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Bello', pet_type: 'Dog', date_of_birth: '29.02.2020' },
      as,
    );
    expectSameAsZod('POST /v1/pet 201', created);
    const pet = created.json() as { id: string };
    expectSameAsZod('GET /v1/pet 200', await v1(t.app, 'GET', `/v1/pet?pet_id=${pet.id}`, undefined, as));
    expectSameAsZod('GET /v1/auth/myinfo 200', await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, as));
    // Error answers go through the status's schema too.
    expectSameAsZod(
      'GET /v1/pet 404',
      await v1(t.app, 'GET', '/v1/pet?pet_id=00000000-0000-4000-8000-000000000000', undefined, as),
    );
    expectSameAsZod('GET /v1/auth/myinfo 401', await v1(t.app, 'GET', '/v1/auth/myinfo'));
  });

  it('drops what the schema does not name and leaves out absent optional fields, as zod did', async () => {
    const user = await registeredUser(t.app);
    const route = 'GET /v1/auth/myinfo 200';
    const schema = t.app.responseSerializers.compiled.get(route)!;
    const real = (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).json();
    const sample = { ...real, secret_extra_field: 'never in an answer' };
    const stringify = t.app.responseSerializers.compiler({
      schema,
      method: 'GET',
      url: '/v1/auth/myinfo',
      httpStatus: '200',
    } as never) as (data: unknown) => string;
    const fast = stringify(sample);
    expect(fast).not.toContain('secret_extra_field');
    expect(JSON.parse(fast)).toStrictEqual(JSON.parse(zodAnswer(route, JSON.stringify(sample))));
    expect(JSON.parse(fast)).toStrictEqual(real);
  });
});
