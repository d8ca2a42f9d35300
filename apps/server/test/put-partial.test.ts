import { describe, expect, it } from 'vitest';
import { formatDdMmYyyy, todayAtOffset } from '@pet/contract';
import { v1 } from './identity-helpers.ts';
import { as, setUpOwnerAndStranger } from './support/owners.ts';

/**
 * The rule of every PUT (issue 14, item 14): a field the client leaves out keeps its stored value
 * (a mobile client sending only the name must not erase date_of_birth); null clears an optional one.
 */
const t = setUpOwnerAndStranger({ plan: 'premium', withPet: true });

function inDays(days: number): string {
  const day = todayAtOffset(1);
  day.setDate(day.getDate() + days);
  return formatDdMmYyyy(day);
}

async function call(method: 'POST' | 'PUT', url: string, body: Record<string, unknown>, status: number) {
  const res = await v1(t.app, method, url, body, as(t.owner));
  expect(res.statusCode, res.body).toBe(status);
  return res.json<Record<string, unknown>>();
}

describe('PUT keeps the fields left out and clears those sent as null', () => {
  it('pet: only the name keeps date_of_birth, breed and weights; null clears', async () => {
    const pet = await call(
      'POST',
      '/v1/pet',
      { name: 'Luna', pet_type: 'Cat', gender: 'female', race: 'Siam', date_of_birth: '01.02.2020' },
      201,
    );
    await call(
      'PUT',
      `/v1/pet?id=${String(pet.id)}`,
      { name: 'Luna', pet_type: 'Cat', color: 'white', weights: [{ weight: 4.2, date: '01.01.2024' }] },
      200,
    );
    const renamed = await call('PUT', `/v1/pet?id=${String(pet.id)}`, { name: 'Lunette' }, 200);
    expect(renamed).toMatchObject({
      name: 'Lunette',
      pet_type: 'Cat',
      gender: 'female',
      race: 'Siam',
      date_of_birth: '01.02.2020',
      color: 'white',
      weights: [{ weight: 4.2, date: '01.01.2024' }],
    });
    const cleared = await call(
      'PUT',
      `/v1/pet?id=${String(pet.id)}`,
      { date_of_birth: null, race: null },
      200,
    );
    expect(cleared).toMatchObject({ name: 'Lunette', date_of_birth: null, race: null, color: 'white' });
    // A required field cannot be cleared.
    const res = await v1(t.app, 'PUT', `/v1/pet?id=${String(pet.id)}`, { name: null }, as(t.owner));
    expect(res.statusCode).toBe(400);
  });

  it('contact: only the phone keeps the rest, the vet date included; null clears', async () => {
    const contact = await call(
      'POST',
      `/v1/contact?pet_id=${t.pet.id}`,
      {
        title: 'Dr.',
        name: 'Praxis Tierlieb',
        city: 'Berlin',
        phone: '+49 30 1',
        email: 'praxis@example.org',
        contact_type: 'Vet',
        doctor_since: '01.01.2019',
      },
      201,
    );
    const updated = await call(
      'PUT',
      `/v1/contact?contact_id=${String(contact.id)}`,
      { phone: '+49 30 2' },
      200,
    );
    expect(updated).toMatchObject({
      title: 'Dr.',
      name: 'Praxis Tierlieb',
      city: 'Berlin',
      phone: '+49 30 2',
      email: 'praxis@example.org',
      contact_type: 'Vet',
      doctor_since: '01.01.2019',
    });
    const cleared = await call('PUT', `/v1/contact?contact_id=${String(contact.id)}`, { city: null }, 200);
    expect(cleared).toMatchObject({ city: null, name: 'Praxis Tierlieb', doctor_since: '01.01.2019' });
  });

  it('medical record: only the comments keep the date and the other fields', async () => {
    const record = await call(
      'POST',
      `/v1/medical/allergy?pet_id=${t.pet.id}`,
      {
        name: 'Pollen',
        date: '01.03.2022',
        known_since: '01.04.2021',
        still_acute: 'Yes',
        executing_person: 'Dr. Tierlieb',
        comments: 'Spring',
        medical_type: 'allergy',
      },
      201,
    );
    const updated = await call(
      'PUT',
      `/v1/medical/allergy?med_id=${String(record.id)}`,
      { comments: 'All year' },
      200,
    );
    expect(updated).toMatchObject({
      name: 'Pollen',
      date: '01.03.2022',
      known_since: '01.04.2021',
      still_acute: 'Yes',
      executing_person: 'Dr. Tierlieb',
      comments: 'All year',
    });
    const cleared = await call('PUT', `/v1/medical/allergy?med_id=${String(record.id)}`, { date: null }, 200);
    expect(cleared).toMatchObject({ name: 'Pollen', date: null, known_since: '01.04.2021' });
  });

  it('appointment: only the reason keeps date, time and the optional fields', async () => {
    const appointment = await call(
      'POST',
      `/v1/appointment?pet_id=${t.pet.id}`,
      {
        appointment_type: 'Vaccination',
        reason: 'Yearly shots',
        appointment_date: inDays(10),
        appointment_time: '09:30',
        vet_name: 'Dr. Tierlieb',
        vaccination_type: 'Rabies',
        city: 'Berlin',
        reminder_time_zone: 1,
      },
      201,
    );
    const updated = await call(
      'PUT',
      `/v1/appointment?appt_id=${String(appointment.id)}`,
      { reason: 'Booster' },
      200,
    );
    expect(updated).toMatchObject({
      reason: 'Booster',
      appointment_date: inDays(10),
      appointment_time: '09:30',
      vet_name: 'Dr. Tierlieb',
      vaccination_type: 'Rabies',
      city: 'Berlin',
    });
    const cleared = await call(
      'PUT',
      `/v1/appointment?appt_id=${String(appointment.id)}`,
      { city: null },
      200,
    );
    expect(cleared).toMatchObject({ city: null, reason: 'Booster', vet_name: 'Dr. Tierlieb' });
  });
});
