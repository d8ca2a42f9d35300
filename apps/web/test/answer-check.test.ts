import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BRAND_IDS,
  apiErrorBodySchema,
  messageResponseSchema,
  petSchema,
  publicConfigSchema,
  uploadImageResponseSchema,
  userInfoSchema,
} from '@pet/contract';
import { KNOWN_KEYWORDS, checkJsonSchema, type JsonSchema } from '@/lib/answer-check';
import {
  apiErrorBodyAnswer,
  messageResponseAnswer,
  publicConfigAnswer,
  userInfoAnswer,
} from '@/lib/contract-answers';
import { petAnswer, uploadImageAnswer } from '@/lib/screen-answers';
import { ANSWER_SCHEMAS, ANSWER_SCHEMA_FILES } from '../scripts/answer-schemas-source';
import { makeConfig, makeProduct, makeUser } from './helpers';

const generated = (file: string) => path.join(import.meta.dirname, '../src/lib', file);

/** Every value of `value` by path, replaced in turn by `replacement` (a deep copy each time). */
function* withEachLeafReplaced(value: unknown, replacement: unknown): Generator<[string, unknown]> {
  const walk = function* (node: unknown, path: Array<string | number>): Generator<Array<string | number>> {
    if (path.length > 0) yield path;
    if (Array.isArray(node)) for (const [index, item] of node.entries()) yield* walk(item, [...path, index]);
    else if (node && typeof node === 'object')
      for (const [key, item] of Object.entries(node)) yield* walk(item, [...path, key]);
  };
  for (const path of walk(value, [])) {
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent = copy;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    parent[path[path.length - 1]!] = replacement;
    yield [path.join('.'), copy];
  }
}

/**
 * The zod schema and the zod-free check agree on `value` (both accept or both refuse). A value
 * zod refuses only by a refinement (`.refine`: a real calendar date, a size of 10..100 cm) has
 * no JSON Schema: the check may accept it (the server checked those values when they came in).
 */
function expectSameVerdict(schema: z.ZodType, json: JsonSchema, value: unknown, label: string) {
  const parsed = schema.safeParse(value);
  const problem = checkJsonSchema(json, value);
  if (!parsed.success && parsed.error.issues.every((issue) => issue.code === 'custom') && problem === null)
    return;
  const zodAccepts = parsed.success;
  expect({ label, accepted: problem === null, problem }).toEqual({
    label,
    accepted: zodAccepts,
    problem: zodAccepts ? null : problem,
  });
}

describe('zod-free answer checks of a first visit (lib/answer-check.ts)', () => {
  const json = Object.assign(
    {},
    ...Object.keys(ANSWER_SCHEMA_FILES).map((file) => JSON.parse(fs.readFileSync(generated(file), 'utf8'))),
  ) as Record<string, JsonSchema>;

  for (const [file, text] of Object.entries(ANSWER_SCHEMA_FILES)) {
    it(`${file} is what the contract generates (run scripts/answer-schemas.ts after a contract change)`, () => {
      expect(JSON.parse(fs.readFileSync(generated(file), 'utf8'))).toEqual(JSON.parse(text()));
    });
  }

  it('uses only the JSON Schema keywords the checker knows', () => {
    const unknown = new Set<string>();
    const walk = (schema: JsonSchema) => {
      for (const [key, value] of Object.entries(schema)) {
        if (!KNOWN_KEYWORDS.has(key)) unknown.add(key);
        if (key === 'properties') Object.values(value as Record<string, JsonSchema>).forEach(walk);
        else if (key === 'anyOf') (value as JsonSchema[]).forEach(walk);
        else if (
          (key === 'items' || key === 'additionalProperties' || key === 'propertyNames') &&
          typeof value === 'object'
        )
          walk(value as JsonSchema);
      }
    };
    for (const name of Object.keys(ANSWER_SCHEMAS)) walk(json[name]!);
    expect([...unknown]).toEqual([]);
    // The formats the checker reads; e-mail, date-time and starts-with come with their pattern.
    const formats = new Set<string>();
    JSON.stringify(json, (key, value: unknown) => {
      if (key === 'format' && typeof value === 'string') formats.add(value);
      return value;
    });
    expect([...formats].sort()).toEqual(['date-time', 'email', 'starts_with', 'uri']);
  });

  const cases: Array<[string, z.ZodType, string, unknown[]]> = [
    ['publicConfig', publicConfigSchema, 'GET /v1/config', BRAND_IDS.map((id) => makeConfig(id))],
    [
      'userInfo',
      userInfoSchema,
      'GET /v1/auth/myinfo',
      [
        makeUser(),
        makeUser({ product: null, downgrading: false, first_sign_in: true }),
        makeUser({
          product: makeProduct(),
          downgrading: { product: makeProduct({ sequence: 1 }), date: 1_800_000_000 },
          trial_months: 3,
          stripe_subscription_end: 1_800_000_000,
        }),
      ],
    ],
    [
      'apiErrorBody',
      apiErrorBodySchema,
      'error bodies',
      [
        { statusCode: 400, error: 'Bad Request', message: 'x', key: 'Email_Error' },
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'x',
          key: 'Email_Error',
          field: 'email',
          fields: { a: 'b' },
        },
      ],
    ],
    ['messageResponse', messageResponseSchema, '{message}', [{ message: 'ok' }]],
    [
      'pet',
      petSchema,
      'GET and PUT /v1/pet',
      [
        { id: 'p1', name: 'Bello', pet_type: 'Dog', weights: [] },
        {
          id: 'p2',
          name: 'Minka',
          pet_type: 'Cat',
          gender: 'female',
          race: 'Maine Coon',
          date_of_birth: '12.05.2020',
          size: '45 cm',
          color: 'grey',
          ancestry: 'From a breeder',
          labeling: '276098106543210',
          features: 'White paw',
          image_url: '/v1/files/pet/p2.jpg',
          weights: [
            { weight: 4.2, date: '01.03.2024' },
            { weight: 0, date: '01.01.2021' },
          ],
        },
        {
          id: 'p3',
          name: 'Ohne',
          pet_type: 'Other',
          gender: null,
          race: null,
          size: null,
          image_url: null,
          weights: [],
        },
      ],
    ],
    [
      'uploadImageResponse',
      uploadImageResponseSchema,
      'POST /v1/upload/image',
      [{ image_url: '/v1/files/x.jpg' }],
    ],
  ];

  for (const [name, schema, label, samples] of cases) {
    it(`${label}: accepts what the contract accepts and refuses what it refuses`, () => {
      for (const sample of samples) {
        expect(schema.safeParse(sample).success).toBe(true);
        expectSameVerdict(schema, json[name]!, sample, `${name} as it is`);
        // Every field in turn of the wrong type, absent, null, or a value out of its bounds.
        for (const replacement of [
          undefined,
          null,
          42,
          1.5,
          -1,
          '',
          'x',
          '/x',
          'https://example.com',
          true,
          [],
          {},
        ]) {
          for (const [path, changed] of withEachLeafReplaced(sample, replacement)) {
            expectSameVerdict(
              schema,
              json[name]!,
              changed,
              `${name}.${path} = ${JSON.stringify(replacement)}`,
            );
          }
        }
      }
      for (const other of [null, undefined, 'text', 42, []])
        expectSameVerdict(schema, json[name]!, other, `${name}: ${String(other)}`);
    });
  }

  it('the checks the api client uses are these schemas', () => {
    expect(publicConfigAnswer.safeParse(makeConfig()).success).toBe(true);
    expect(userInfoAnswer.safeParse(makeUser()).success).toBe(true);
    expect(userInfoAnswer.safeParse({ ...makeUser(), pets: null }).success).toBe(false);
    expect(
      apiErrorBodyAnswer.safeParse({ statusCode: 401, error: 'x', message: 'y', key: 'z' }).success,
    ).toBe(true);
    expect(apiErrorBodyAnswer.safeParse({ message: 'y' }).success).toBe(false);
    expect(messageResponseAnswer.safeParse({ message: 1 }).success).toBe(false);
    expect(petAnswer.safeParse({ id: 'p', name: 'Bello', pet_type: 'Dog', weights: [] }).success).toBe(true);
    expect(petAnswer.safeParse({ id: 'p', name: 'Bello', pet_type: 'Horse', weights: [] }).success).toBe(
      false,
    );
    expect(uploadImageAnswer.safeParse({ image_url: '' }).success).toBe(false);
  });
});
