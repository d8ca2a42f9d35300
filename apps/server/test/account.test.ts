import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestApp } from './helpers.ts';
import { cookiesOf, registeredUser, signIn, v1 } from './identity-helpers.ts';
import { generateCodes } from './support/codes.ts';
import { fixtures } from './support/fixtures.ts';
import { as, createPet, postFiles, setPlan, type User } from './support/owners.ts';
import { invitationToken, invited } from './support/sharing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Gives the user data of every kind: pets with photos, weights, contacts, medical records, appointments with reminders, documents, an avatar. */
async function populate(user: User) {
  await setPlan(t.app, user.id, 'premium');
  const photo = [{ name: 'petImage.jpg', data: fixtures.png() }];
  await postFiles(t.app, '/v1/upload/image?file_for=user', photo, as(user));
  for (const name of ['Bello', 'Mimi']) {
    const pet = await createPet(t.app, user, { name });
    await v1(
      t.app,
      'PUT',
      `/v1/pet?id=${pet.id}`,
      { name, pet_type: 'Dog', weights: [{ weight: 3, date: '01.01.2024' }] },
      as(user),
    );
    await postFiles(t.app, `/v1/upload/image?file_for=pet&pet_id=${pet.id}`, photo, as(user));
    await v1(
      t.app,
      'POST',
      `/v1/contact?pet_id=${pet.id}`,
      { name: 'Dr. Vet', phone: '0301234', contact_type: 'Vet' },
      as(user),
    );
    await v1(
      t.app,
      'POST',
      `/v1/medical/allergy?pet_id=${pet.id}`,
      { name: 'Pollen', medical_type: 'allergy' },
      as(user),
    );
    // An appointment with a pending reminder job (the job names the user).
    const appointment = await v1(
      t.app,
      'POST',
      `/v1/appointment?pet_id=${pet.id}`,
      {
        appointment_type: 'Examination',
        reason: 'Check-up',
        appointment_date: '01.01.2099',
        appointment_time: '10:00',
        reminder_date: '31.12.2098',
        reminder_time: '10:00',
        reminder_time_zone: 1,
      },
      as(user),
    );
    expect(appointment.statusCode, appointment.body).toBe(201);
    expect(appointment.json().job_id).toBeTruthy();
    const pdf = [{ name: 'a.pdf', data: fixtures.pdf() }];
    const up = await postFiles(t.app, `/v1/upload/document?file_for=pet&pet_id=${pet.id}`, pdf, as(user));
    await v1(
      t.app,
      'POST',
      `/v1/document?pet_id=${pet.id}`,
      { document_type: 'Bills', description: 'x', doc_url: up.json().doc_url },
      as(user),
    );
  }
  await v1(
    t.app,
    'PUT',
    `/v1/user/update?id=${user.id}`,
    {
      zipcode: '10115',
      phone: '030',
      address_1: 'Home',
      address_2: 'Street 1',
      city: 'Berlin',
      country: 'DE',
    },
    as(user),
  );
}

/**
 * Sharing both ways (issue 35): each shares a pet with the other, and `user` wrote a line of the
 * other's pet's activity log as a member.
 */
async function shareBothWays(user: User, other: User): Promise<void> {
  for (const [owner, member] of [
    [user, other],
    [other, user],
  ] as const) {
    await setPlan(t.app, owner.id, 'premium');
    const pet = await t.app.db
      .selectFrom('pet')
      .select('id')
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    const shares = await invited(t.app, owner, { email: member.email, pet_ids: [pet.id] });
    const token = await invitationToken(t.app, member.email);
    const accepted = await v1(t.app, 'POST', '/v1/share/invitation/accept', { token }, as(member));
    expect(accepted.statusCode, accepted.body).toBe(200);
    if (owner === other) {
      await t.app.db
        .insertInto('pet_activity')
        .values({
          id: crypto.randomUUID(),
          pet_id: pet.id,
          owner_id: other.id,
          actor_id: user.id,
          actor_role: 'carer',
          action: 'created',
          subject: 'weight',
          subject_id: shares[0]!.id,
          label: '12 kg',
          at: new Date().toISOString(),
        })
        .execute();
    }
  }
}

/** Every row of every table that mentions the user's id or e-mail. */
async function rowsMentioning(needles: string[]): Promise<string[]> {
  const tables =
    testDatabaseKind === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            t.app.db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
            t.app.db,
          )
        ).rows;
  const found: string[] = [];
  for (const { name } of tables) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.app.db))
      .rows;
    for (const row of rows) {
      const text = JSON.stringify(row);
      if (needles.some((needle) => text.includes(needle))) found.push(`${name}: ${text.slice(0, 160)}`);
    }
  }
  return found;
}

describe(`account: address and deletion (${testDatabaseKind})`, () => {
  it('saves the address for the own id only, and answers 401 signed out', async () => {
    const user = await registeredUser(t.app);
    const other = await registeredUser(t.app);
    const body = {
      zipcode: '80331',
      phone: '089 123',
      address_1: 'Erika Muster',
      address_2: 'Marienplatz 1',
      city: 'München',
      country: 'DE',
    };
    expect((await v1(t.app, 'PUT', `/v1/user/update?id=${user.id}`, body)).statusCode).toBe(401);
    expect(
      (await v1(t.app, 'PUT', `/v1/user/update?id=${other.id}`, body, { bearer: user.token })).statusCode,
    ).toBe(404);
    const saved = await v1(t.app, 'PUT', `/v1/user/update?id=${user.id}`, body, { bearer: user.token });
    expect(saved.statusCode).toBe(200);
    const info = (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).json();
    expect(info).toMatchObject(body);
    // POST is the same call; an empty country is allowed.
    const viaPost = await v1(
      t.app,
      'POST',
      `/v1/user/update?id=${user.id}`,
      { ...body, country: '' },
      { bearer: user.token },
    );
    expect(viaPost.statusCode).toBe(200);
    expect(
      (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).json().country,
    ).toBeNull();
  });

  it("refuses to delete another user's account", async () => {
    const user = await registeredUser(t.app);
    const other = await registeredUser(t.app);
    expect(
      (
        await v1(t.app, 'DELETE', `/v1/auth/deleteuseracc?user_id=${other.id}`, undefined, {
          bearer: user.token,
        })
      ).statusCode,
    ).toBe(404);
    expect((await v1(t.app, 'POST', `/v1/auth/deleteuseracc?user_id=${other.id}`)).statusCode).toBe(401);
  });

  it('deleting an account ends its other sessions at once (cookie and bearer)', async () => {
    const user = await registeredUser(t.app);
    const browser = await signIn(t.app, user.email);
    expect(browser.statusCode).toBe(200);
    const cookie = cookiesOf(browser);
    expect(cookie).not.toBe('');
    const phone = { bearer: user.token };
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { cookie })).statusCode).toBe(200);

    const res = await v1(t.app, 'DELETE', `/v1/auth/deleteuseracc?user_id=${user.id}`, undefined, { cookie });
    expect(res.statusCode, res.body).toBe(200);

    for (const session of [phone, { cookie }]) {
      expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, session)).statusCode).toBe(401);
      const pet = await v1(t.app, 'POST', '/v1/pet', { name: 'Bello', pet_type: 'Dog' }, session);
      expect(pet.statusCode).toBe(401);
    }
    const sessions = await t.app.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('refuses a session of an account whose deletion is requested even if it was not deleted', async () => {
    const user = await registeredUser(t.app);
    await t.app.db
      .updateTable('user_profile')
      .set({ deletion_requested_at: new Date().toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).statusCode).toBe(
      401,
    );
  });

  it('deletes an account: no sign-in after it, then every row and file of the user is gone and nothing of others', async () => {
    const user = await registeredUser(t.app);
    const other = await registeredUser(t.app);
    await populate(user);
    await populate(other);
    const userPets = await t.app.db.selectFrom('pet').select('id').where('user_id', '=', user.id).execute();
    expect(userPets).toHaveLength(2);
    await shareBothWays(user, other);

    const res = await v1(t.app, 'POST', `/v1/auth/deleteuseracc?user_id=${user.id}`, undefined, {
      bearer: user.token,
    });
    expect(res.statusCode).toBe(200);
    // Every session ends at once, the one that asked included; a new sign-in is refused.
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).statusCode).toBe(
      401,
    );
    expect((await signIn(t.app, user.email)).statusCode).not.toBe(200);

    // The purge is a durable job due within 24 hours; run it as if that time had come.
    await t.app.db
      .updateTable('job')
      .set({ run_at: new Date(0).toISOString() })
      .where('type', '=', 'account.purge')
      .execute();
    await t.app.jobs.runDue();

    expect(await rowsMentioning([user.id, user.email])).toEqual([]);
    for (const { id } of userPets) expect(await t.app.storage.list(`pets/${id}/`)).toEqual([]);
    expect(await t.app.storage.list(`users/${user.id}/`)).toEqual([]);
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).statusCode).toBe(
      401,
    );

    // The other user keeps everything.
    const otherPets = await t.app.db.selectFrom('pet').select('id').where('user_id', '=', other.id).execute();
    expect(otherPets).toHaveLength(2);
    for (const { id } of otherPets)
      expect((await t.app.storage.list(`pets/${id}/`)).length).toBeGreaterThanOrEqual(2);
    expect(await t.app.storage.list(`users/${other.id}/`)).toHaveLength(1);
    expect((await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: other.token })).statusCode).toBe(
      200,
    );
    expect((await signIn(t.app, other.email)).statusCode).toBe(200);
  });

  it('activates a product from the subscription page: 204 for an unknown code, the product for a valid one', async () => {
    const user = await registeredUser(t.app);
    const unknown = await v1(
      t.app,
      'POST',
      '/v1/subscription/change/apply',
      { activation_code: 'ABCD-EFGH-JKMN' },
      { bearer: user.token },
    );
    expect(unknown.statusCode).toBe(204);
    const empty = await v1(
      t.app,
      'POST',
      '/v1/subscription/change/apply',
      { activation_code: ' ' },
      { bearer: user.token },
    );
    expect(empty.json().key).toBe('Activation_Code_Text_Required');
    const [code] = await generateCodes(t.app, { plan: 'basic' });
    const ok = await v1(
      t.app,
      'POST',
      '/v1/subscription/change/apply',
      { activation_code: code },
      { bearer: user.token },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().product.name).toBe('Basic');
    expect(
      (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).json().product.name,
    ).toBe('Basic');
    const again = await v1(
      t.app,
      'POST',
      '/v1/subscription/change/apply',
      { activation_code: code },
      { bearer: user.token },
    );
    expect(again.statusCode).toBe(477);
  });

  it('answers the avatar in myinfo as a signed URL that serves the image', async () => {
    const user = await registeredUser(t.app);
    const photo = { name: 'petImage.jpg', type: 'image/jpeg', data: fixtures.png() };
    const res = await postFiles(t.app, '/v1/upload/image?file_for=user', [photo], as(user));
    expect(res.statusCode, res.body).toBe(201);
    const info = (await v1(t.app, 'GET', '/v1/auth/myinfo', undefined, { bearer: user.token })).json();
    expect(info.image_url).toMatch(/^\/v1\/files\/users\//);
    const image = await t.app.inject({ url: info.image_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });
});
