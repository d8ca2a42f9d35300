import { describe, expect, it } from 'vitest';
import { apiErrorBodySchema, contactListResponseSchema, contactSchema, type Contact } from '@pet/contract';
import { testDatabaseKind } from './helpers.ts';
import { v1 } from './identity-helpers.ts';
import { as, createPet, removeAllPets, setUpOwnerAndStranger } from './support/owners.ts';

const t = setUpOwnerAndStranger({ plan: 'premium' });

const vet = {
  title: 'Dr. med. vet.',
  name: 'Anna Tierlieb',
  address: 'Hauptstr. 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  phone: '+49 30 123456',
  email: 'praxis@example.org',
  contact_type: 'Vet',
  doctor_since: '01.02.2015',
};

async function addContact(
  user: { token: string },
  petId: string,
  body: Record<string, unknown> = vet,
): Promise<Contact> {
  const res = await v1(t.app, 'POST', `/v1/contact?pet_id=${petId}`, body, as(user));
  expect(res.statusCode, res.body).toBe(201);
  return contactSchema.parse(res.json());
}

async function listContacts(user: { token: string }, petId: string): Promise<Contact[]> {
  const res = await v1(t.app, 'GET', `/v1/contact/mycontacts?pet_id=${petId}`, undefined, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return contactListResponseSchema.parse(res.json());
}

describe(`contacts (${testDatabaseKind})`, () => {
  it('answers 401 to every contact call when signed out', async () => {
    const responses = await Promise.all([
      v1(t.app, 'GET', '/v1/contact/mycontacts?pet_id=x'),
      v1(t.app, 'POST', '/v1/contact?pet_id=x', vet),
      v1(t.app, 'PUT', '/v1/contact?contact_id=x', vet),
      v1(t.app, 'DELETE', '/v1/contact?contact_id=x'),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(apiErrorBodySchema.parse(res.json()).key).toBe('Session_Expired_Text');
    }
  });

  it('adds a vet with every field, lists it, and edits every field', async () => {
    const pet = await createPet(t.app, t.owner);
    const added = await addContact(t.owner, pet.id, {
      ...vet,
      name: '  Anna Tierlieb ',
      email: '  praxis@example.org  ',
    });
    expect(added).toEqual({ ...vet, id: added.id, pet_id: pet.id, user_id: t.owner.id });

    expect(await listContacts(t.owner, pet.id)).toEqual([added]);

    const edit = {
      title: 'Prof.',
      name: 'Anna Tierlieb-Meier',
      address: 'Nebenweg 2',
      zip: '1010',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 987654',
      email: 'anna@example.at',
      contact_type: 'Vet',
      doctor_since: '15.03.2016',
    };
    const res = await v1(t.app, 'PUT', `/v1/contact?contact_id=${added.id}`, edit, as(t.owner));
    expect(res.statusCode, res.body).toBe(200);
    expect(contactSchema.parse(res.json())).toEqual({
      ...edit,
      id: added.id,
      pet_id: pet.id,
      user_id: t.owner.id,
    });
    expect(await listContacts(t.owner, pet.id)).toEqual([res.json()]);
    await removeAllPets(t.app, t.owner.id);
  });

  it('adds a custom type with only the required fields: blanks are null, doctor_since only for vets', async () => {
    const pet = await createPet(t.app, t.owner);
    const first = await addContact(t.owner, pet.id, vet);
    const custom = await addContact(t.owner, pet.id, {
      title: '',
      name: 'Hundeschule Wau',
      address: '   ',
      zip: null,
      phone: '0123',
      email: '',
      country: '',
      contact_type: ' Dog school ',
      doctor_since: '01.01.2020',
    });
    expect(custom).toEqual({
      id: custom.id,
      pet_id: pet.id,
      user_id: t.owner.id,
      title: null,
      name: 'Hundeschule Wau',
      address: null,
      zip: null,
      city: null,
      country: null,
      phone: '0123',
      email: null,
      contact_type: 'Dog school',
      doctor_since: null,
    });
    // Two added within one millisecond may list in either order: compare as sets.
    expect((await listContacts(t.owner, pet.id)).map((c) => c.id).sort()).toEqual(
      [first.id, custom.id].sort(),
    );

    // A vet turned into a groomer loses its Doctor Since date.
    const res = await v1(
      t.app,
      'PUT',
      `/v1/contact?contact_id=${first.id}`,
      { ...vet, contact_type: 'Groomer' },
      as(t.owner),
    );
    expect(res.json()).toMatchObject({ contact_type: 'Groomer', doctor_since: null });
    await removeAllPets(t.app, t.owner.id);
  });

  it('deletes a contact and only that one', async () => {
    const pet = await createPet(t.app, t.owner);
    const [a, b] = [
      await addContact(t.owner, pet.id),
      await addContact(t.owner, pet.id, { ...vet, name: 'B' }),
    ];
    const res = await v1(t.app, 'DELETE', `/v1/contact?contact_id=${a.id}`, undefined, as(t.owner));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contact deleted' });
    expect(await listContacts(t.owner, pet.id)).toEqual([b]);
    const again = await v1(t.app, 'DELETE', `/v1/contact?contact_id=${a.id}`, undefined, as(t.owner));
    expect(again.statusCode).toBe(404);
    const edit = await v1(t.app, 'PUT', `/v1/contact?contact_id=${a.id}`, vet, as(t.owner));
    expect(edit.statusCode).toBe(404);
    await removeAllPets(t.app, t.owner.id);
  });

  it("answers 404 for another owner's pet or contact on every call and changes nothing", async () => {
    const pet = await createPet(t.app, t.owner);
    const contact = await addContact(t.owner, pet.id);
    const ownPet = await createPet(t.app, t.stranger, { name: 'Rex' });
    const responses = await Promise.all([
      v1(t.app, 'GET', `/v1/contact/mycontacts?pet_id=${pet.id}`, undefined, as(t.stranger)),
      v1(t.app, 'POST', `/v1/contact?pet_id=${pet.id}`, vet, as(t.stranger)),
      v1(t.app, 'PUT', `/v1/contact?contact_id=${contact.id}`, { ...vet, name: 'Mine now' }, as(t.stranger)),
      v1(t.app, 'DELETE', `/v1/contact?contact_id=${contact.id}`, undefined, as(t.stranger)),
      // Unknown ids look the same.
      v1(t.app, 'GET', '/v1/contact/mycontacts?pet_id=no-such-pet', undefined, as(t.stranger)),
      v1(t.app, 'POST', '/v1/contact?pet_id=no-such-pet', vet, as(t.stranger)),
      v1(t.app, 'PUT', '/v1/contact?contact_id=no-such-contact', vet, as(t.stranger)),
      v1(t.app, 'DELETE', '/v1/contact?contact_id=no-such-contact', undefined, as(t.stranger)),
    ]);
    for (const res of responses) {
      expect(res.statusCode, res.body).toBe(404);
      expect(apiErrorBodySchema.parse(res.json()).key).toBe('Not_Found_Text');
    }
    expect(await listContacts(t.owner, pet.id)).toEqual([contact]);
    expect(await listContacts(t.stranger, ownPet.id)).toEqual([]);
    await removeAllPets(t.app, t.owner.id);
    await removeAllPets(t.app, t.stranger.id);
  });

  const invalid: Array<[Record<string, unknown>, string, string]> = [
    [{ name: '   ' }, 'name', 'Name_Error'],
    [{ name: undefined }, 'name', 'Name_Error'],
    [{ phone: '' }, 'phone', 'Phone_Error'],
    [{ phone: undefined }, 'phone', 'Phone_Error'],
    [{ contact_type: ' ' }, 'contact_type', 'Contact_type_Error'],
    [{ contact_type: undefined }, 'contact_type', 'Contact_type_Error'],
    [{ email: 'praxis@' }, 'email', 'Email_Format_Error'],
    [{ email: 'not an e-mail' }, 'email', 'Email_Format_Error'],
    [{ country: 'Germany' }, 'country', 'Country_Error'],
    [{ country: 'de' }, 'country', 'Country_Error'],
    [{ country: 'XX' }, 'country', 'Country_Error'],
    [{ doctor_since: '31.02.2020' }, 'doctor_since', 'Date_Format_Error'],
    [{ doctor_since: '2020-02-01' }, 'doctor_since', 'Date_Format_Error'],
  ];

  it.each(invalid)(
    'refuses a new contact with %j with its key and stores nothing',
    async (patch, field, key) => {
      const pet = await createPet(t.app, t.owner);
      const res = await v1(t.app, 'POST', `/v1/contact?pet_id=${pet.id}`, { ...vet, ...patch }, as(t.owner));
      expect(res.statusCode).toBe(400);
      const error = apiErrorBodySchema.parse(res.json());
      expect(error.fields?.[field] ?? error.key).toBe(key);
      expect(error.field).toBe(field);
      expect(
        await t.app.db.selectFrom('contact').select('id').where('user_id', '=', t.owner.id).execute(),
      ).toEqual([]);
      await removeAllPets(t.app, t.owner.id);
    },
  );

  // On an edit a field left out keeps its value (issue 14), so only values actually sent are refused.
  const invalidSent = invalid.filter(([patch]) => Object.values(patch).every((value) => value !== undefined));
  it.each(invalidSent)(
    'refuses an edit with %j with its key and changes nothing',
    async (patch, field, key) => {
      const pet = await createPet(t.app, t.owner);
      const contact = await addContact(t.owner, pet.id);
      const res = await v1(
        t.app,
        'PUT',
        `/v1/contact?contact_id=${contact.id}`,
        { ...vet, title: 'Changed', ...patch },
        as(t.owner),
      );
      expect(res.statusCode).toBe(400);
      const error = apiErrorBodySchema.parse(res.json());
      expect(error.fields?.[field] ?? error.key).toBe(key);
      expect(await listContacts(t.owner, pet.id)).toEqual([contact]);
      await removeAllPets(t.app, t.owner.id);
    },
  );

  it("deleting the pet removes its contacts and leaves the other pet's", async () => {
    const pet = await createPet(t.app, t.owner);
    const other = await createPet(t.app, t.owner, { name: 'Other' });
    await addContact(t.owner, pet.id);
    await addContact(t.owner, pet.id, { ...vet, contact_type: 'Breeder' });
    const kept = await addContact(t.owner, other.id);

    const res = await v1(t.app, 'DELETE', `/v1/pet?id=${pet.id}`, undefined, as(t.owner));
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('contact').select('id').where('pet_id', '=', pet.id).execute()).toEqual(
      [],
    );
    expect(
      (await v1(t.app, 'GET', `/v1/contact/mycontacts?pet_id=${pet.id}`, undefined, as(t.owner))).statusCode,
    ).toBe(404);
    expect(await listContacts(t.owner, other.id)).toEqual([kept]);
    await removeAllPets(t.app, t.owner.id);
  });

  it('documents the contact calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(doc.paths['/v1/contact'] ?? {}).sort()).toEqual(['delete', 'post', 'put']);
    expect(Object.keys(doc.paths['/v1/contact/mycontacts'] ?? {})).toEqual(['get']);
  });
});
