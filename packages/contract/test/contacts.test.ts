import { describe, it, expect } from 'vitest';
import {
  CONTACT_TYPES,
  contactBodySchema,
  contactFormSchema,
  contactFormToBody,
  contactSchema,
  contactToForm,
} from '../src/entities/contacts.ts';
import { issuesOf, keysAt, parseOk } from './helpers.ts';

const minimal = { name: 'Dr. Vet', phone: '0301234', contact_type: 'Vet' };

describe('contact body', () => {
  it('lists the seven built-in types', () => {
    expect(CONTACT_TYPES).toEqual(['Holder', 'Vet', 'Breeder', 'Groomer', 'CareTaker', 'Kennel', 'Trainer']);
  });

  it('needs name, phone and contact_type with their keys', () => {
    expect(issuesOf(contactBodySchema, {})).toEqual([
      'name: Name_Error',
      'phone: Phone_Error',
      'contact_type: Contact_type_Error',
    ]);
    expect(keysAt(contactBodySchema, { ...minimal, name: '  ' }, 'name')).toEqual(['Name_Error']);
    expect(keysAt(contactBodySchema, { ...minimal, phone: '' }, 'phone')).toEqual(['Phone_Error']);
    expect(keysAt(contactBodySchema, { ...minimal, contact_type: ' ' }, 'contact_type')).toEqual([
      'Contact_type_Error',
    ]);
  });

  it('accepts custom contact types, trimmed', () => {
    expect(parseOk(contactBodySchema, { ...minimal, contact_type: ' Physio ' }).contact_type).toBe('Physio');
  });

  it('email is optional, trimmed, and must be valid when given', () => {
    expect(parseOk(contactBodySchema, { ...minimal, email: ' vet@example.com ' }).email).toBe(
      'vet@example.com',
    );
    expect(issuesOf(contactBodySchema, { ...minimal, email: '' })).toEqual([]);
    expect(keysAt(contactBodySchema, { ...minimal, email: 'vet@' }, 'email')).toEqual(['Email_Format_Error']);
  });

  it('country is an ISO two-letter code when given; doctor_since a date', () => {
    expect(issuesOf(contactBodySchema, { ...minimal, country: 'DE', doctor_since: '01.01.2010' })).toEqual(
      [],
    );
    expect(keysAt(contactBodySchema, { ...minimal, country: 'Germany' }, 'country')).toEqual([
      'Country_Error',
    ]);
    expect(keysAt(contactBodySchema, { ...minimal, doctor_since: '2010' }, 'doctor_since')).toEqual([
      'Date_Format_Error',
    ]);
  });

  it('the answer carries ids', () => {
    expect(issuesOf(contactSchema, { ...minimal, id: 'c1', pet_id: 'p1', user_id: 'u1' })).toEqual([]);
    expect(issuesOf(contactSchema, minimal)).toHaveLength(3);
  });
});

describe('contact form mapping', () => {
  it('maps vet_since to doctor_since for vets', () => {
    const form = parseOk(contactFormSchema, { ...minimal, vet_since: '01.02.2015', city: 'Berlin' });
    const body = contactFormToBody(form);
    expect(body).toMatchObject({ doctor_since: '01.02.2015', city: 'Berlin', name: 'Dr. Vet' });
    expect(body).not.toHaveProperty('vet_since');
    expect(issuesOf(contactBodySchema, body)).toEqual([]);
  });

  it('drops the vet date for other types', () => {
    const body = contactFormToBody({ ...minimal, contact_type: 'Groomer', vet_since: '01.02.2015' });
    expect(body.doctor_since).toBeNull();
  });

  it('contactToForm is the inverse for vets', () => {
    const contact = { ...minimal, id: 'c1', pet_id: 'p1', user_id: 'u1', doctor_since: '03.04.2012' };
    const form = contactToForm(contact);
    expect(form).toEqual({ ...minimal, vet_since: '03.04.2012' });
    expect(contactFormToBody(form)).toEqual({ ...minimal, doctor_since: '03.04.2012' });
  });
});
