import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { petSchema, type Pet } from '@pet/contract';
import { createTestApp, type TestApp } from '../helpers.ts';
import { call, registeredUser, v1, type ClientOptions } from '../identity-helpers.ts';
import { multipart } from './fixtures.ts';

/**
 * What the API tests of the signed-in portal share (pets, contacts, medical, documents, account):
 * users on a plan, their pets and file uploads, built on the identity helpers.
 */

export type User = Awaited<ReturnType<typeof registeredUser>>;

/** The options of a call as the user: the bearer token, as the mobile apps send it. */
export const as = (user: { token: string }): ClientOptions => ({ bearer: user.token });

/** Moves the user to a plan of the brand's catalogue: limits are tested without redeeming codes. */
export async function setPlan(
  app: FastifyInstance,
  userId: string,
  planKey: string,
  partnerId = 'primepet',
): Promise<void> {
  const plan = await app.db
    .selectFrom('product')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('plan_key', '=', planKey)
    .executeTakeFirstOrThrow();
  await app.db
    .updateTable('user_subscription')
    .set({ product_id: plan.id })
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes every pet of the user (everything of a pet goes with it), so the next test starts clean. */
export async function removeAllPets(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.deleteFrom('pet').where('user_id', '=', userId).execute();
}

/** Adds a pet through the API (a dog named Bello unless `body` says otherwise) and answers it. */
export async function createPet(
  app: FastifyInstance,
  user: { token: string },
  body: Record<string, unknown> = {},
): Promise<Pet> {
  const res = await v1(app, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog', ...body }, as(user));
  expect(res.statusCode, res.body).toBe(201);
  return petSchema.parse(res.json());
}

/**
 * Files uploaded documents for a pet (POST /v1/document with the upload's doc_url) as `user`, and
 * answers the response: the step between an upload and a document that most document tests take.
 */
export function fileDocument(
  app: FastifyInstance,
  user: { token: string },
  petId: string,
  body: { document_type: string; description: string; doc_url: unknown },
): Promise<LightMyRequestResponse> {
  return v1(app, 'POST', `/v1/document?pet_id=${petId}`, body, as(user));
}

/** POSTs files as multipart/form-data, as the web's uploads do. */
export function postFiles(
  app: FastifyInstance,
  url: string,
  files: Parameters<typeof multipart>[0],
  options: ClientOptions = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(files);
  return call(app, 'POST', url, body.payload, {
    ...options,
    headers: { ...body.headers, ...options.headers },
  });
}

export interface OwnerAndStranger {
  readonly app: FastifyInstance;
  /** The user whose data the tests work on. */
  readonly owner: User;
  /** Another signed-in user, who must never see or change the owner's data. */
  readonly stranger: User;
  /** The owner's pet (with `withPet` only). */
  readonly pet: Pet;
}

/**
 * The setup of a test file on per-pet data: one test app for the file with two registered, verified
 * and signed-in users, each moved to `plan` when one is given, and with `withPet` a pet of the owner.
 * Registers the file's beforeAll and afterAll; the fields can be read once beforeAll has run.
 */
export function setUpOwnerAndStranger(options: { plan?: string; withPet?: boolean } = {}): OwnerAndStranger {
  let t: TestApp | undefined;
  let users: { owner: User; stranger: User } | undefined;
  let pet: Pet | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await registeredUser(t.app);
    const stranger = await registeredUser(t.app);
    if (options.plan) {
      await setPlan(t.app, owner.id, options.plan);
      await setPlan(t.app, stranger.id, options.plan);
    }
    users = { owner, stranger };
    if (options.withPet) pet = await createPet(t.app, owner);
  });
  afterAll(async () => t?.close());
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is set up in beforeAll`);
    return value;
  };
  return {
    get app() {
      return ready(t, 'the test app').app;
    },
    get owner() {
      return ready(users, 'the owner').owner;
    },
    get stranger() {
      return ready(users, 'the stranger').stranger;
    },
    get pet() {
      return ready(pet, options.withPet ? "the owner's pet" : 'a pet (withPet)');
    },
  };
}
