import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { call, freshIp, registeredUser, v1, type ClientOptions } from './identity-helpers.ts';
import { generateCodes } from './support/codes.ts';
import { fixtures } from './support/fixtures.ts';
import { postFiles, type User } from './support/owners.ts';

/**
 * Issue 14.1: the dog brand (product visibility activationFirst) refuses the pet-data API to a
 * signed-in user without an attached product with 471 Product_Not_Attached_Text, until a code
 * attaches one; other brands do not ask for it.
 */
const DOG_HOST = 'hundeschutz.localhost:3000';

let t: TestApp;
let dogUser: User;
let standardUser: User;
const asDog = (user: User): ClientOptions => ({ bearer: user.token, host: DOG_HOST });

beforeAll(async () => {
  t = await createTestApp();
  [dogUser, standardUser] = await Promise.all([
    registeredUser(t.app, {}, { host: DOG_HOST }),
    registeredUser(t.app),
  ]);
}, 120_000);
afterAll(() => t.close());

const petCount = async (userId: string) =>
  (await t.app.db.selectFrom('pet').select('id').where('user_id', '=', userId).execute()).length;

describe('pet data needs an attached product in the dog brand', { timeout: 120_000 }, () => {
  it('answers 471 Product_Not_Attached_Text on every pet-data call and stores nothing', async () => {
    const info = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, asDog(dogUser));
    expect(info.statusCode).toBe(200);
    expect(info.json().product_associated).toBe(false);

    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
      ['POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog' }],
      ['GET', '/v1/pet?pet_id=00000000-0000-4000-8000-000000000000'],
      ['GET', '/v1/contact/mycontacts?pet_id=00000000-0000-4000-8000-000000000000'],
      ['GET', '/v1/medical/mypetmedicals?pet_id=00000000-0000-4000-8000-000000000000'],
      ['GET', '/v1/document/mydocs?pet_id=00000000-0000-4000-8000-000000000000'],
      ['GET', '/v1/appointment/myappointments'],
      ['GET', '/v1/emergency?language=de'],
    ];
    for (const [method, url, body] of calls) {
      const res = await v1(t.app, method, url, body, asDog(dogUser));
      expect(res.statusCode, `${method} ${url}`).toBe(471);
      expect(res.json().key, `${method} ${url}`).toBe('Product_Not_Attached_Text');
    }
    // Refused before the body is looked at: bad input from such a user answers 471 too.
    const bad = await v1(t.app, 'POST', '/v1/pet', { name: '' }, asDog(dogUser));
    expect(bad.statusCode).toBe(471);
    expect(await petCount(dogUser.id)).toBe(0);

    const photo = await postFiles(
      t.app,
      '/v1/upload/image?file_for=pet&pet_id=00000000-0000-4000-8000-000000000000',
      [{ field: 'file', name: 'petImage.jpg', type: 'image/jpeg', data: fixtures.jpeg() }],
      { ...asDog(dogUser), ip: freshIp() },
    );
    expect(photo.statusCode).toBe(471);
    // The avatar is account data, not pet data.
    const avatar = await postFiles(
      t.app,
      '/v1/upload/image?file_for=user',
      [{ field: 'file', name: 'petImage.jpg', type: 'image/jpeg', data: fixtures.jpeg() }],
      { ...asDog(dogUser), ip: freshIp() },
    );
    expect(avatar.statusCode).toBe(201);
  });

  it('answers 401 first when signed out', async () => {
    const res = await call(t.app, 'GET', '/v1/appointment/myappointments', undefined, { host: DOG_HOST });
    expect(res.statusCode).toBe(401);
  });

  it('opens the pet data once a code attaches a product', async () => {
    const [code] = await generateCodes(t.app, { brand: 'hundeschutz', plan: 'protectplus' });
    const redeemed = await v1(
      t.app,
      'POST',
      '/v1/auth/verifycode',
      { code },
      { ...asDog(dogUser), ip: freshIp() },
    );
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    const created = await v1(t.app, 'POST', '/v1/pet', { name: 'Rex', pet_type: 'Dog' }, asDog(dogUser));
    expect(created.statusCode, created.body).toBe(201);
    const list = await v1(t.app, 'GET', '/v1/appointment/myappointments', undefined, asDog(dogUser));
    expect(list.statusCode).not.toBe(471);
  });

  it('does not ask other brands for an attached product', async () => {
    const info = await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: standardUser.token });
    expect(info.json().product_associated).toBe(false);
    const created = await v1(
      t.app,
      'POST',
      '/v1/pet',
      { name: 'Mimi', pet_type: 'Cat' },
      { bearer: standardUser.token },
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('documents the 471 answer in the OpenAPI document', async () => {
    const doc = (await call(t.app, 'GET', '/v1/openapi.json')).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(doc.paths['/v1/pet']?.post?.responses['471']).toBeDefined();
    expect(doc.paths['/v1/appointment/myappointments']?.get?.responses['471']).toBeDefined();
    expect(doc.paths['/v1/emergency']?.get?.responses['471']).toBeDefined();
    expect(doc.paths['/v1/emergency/public']?.get?.responses['471']).toBeUndefined();
    expect(doc.paths['/v1/auth/myinfo']?.get?.responses['471']).toBeUndefined();
  });
});
