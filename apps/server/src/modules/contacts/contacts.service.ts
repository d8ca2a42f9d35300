import type { Kysely } from 'kysely';
import {
  mergeSentFields,
  VET_CONTACT_TYPE,
  type Contact,
  type ContactBody,
  type ContactUpdateBody,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import * as ownership from '../pets/pet-ownership.ts';
import * as repo from './contacts.repo.ts';

export interface ContactsServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
/** CLDR codes that name no country (unknown region, EU, euro zone, UN, outlying Oceania). */
const NOT_A_COUNTRY = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO']);

/**
 * The contract checks the two-letter form; here the code must also name a region the platform's
 * ICU data knows (every ISO 3166-1 code does), so "XX" is refused.
 */
export function isKnownCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && !NOT_A_COUNTRY.has(code) && regionNames.of(code) !== undefined;
}

export class ContactsService {
  constructor(private readonly deps: ContactsServiceDeps) {}

  private toContact(row: repo.ContactRow): Contact {
    return {
      id: row.id,
      pet_id: row.pet_id,
      user_id: row.user_id,
      title: row.title,
      name: row.name,
      address: row.address,
      zip: row.zip,
      city: row.city,
      country: row.country,
      phone: row.phone,
      email: row.email,
      contact_type: row.contact_type,
      doctor_since: row.doctor_since,
    };
  }

  /** Rules beyond the body schema; answers the columns to store. */
  private valuesOf(body: ContactBody) {
    if (body.country && !isKnownCountryCode(body.country)) throw badRequest('Country_Error', 'country');
    // Doctor Since belongs to vets only (section 3): it is dropped for every other type.
    const doctorSince = body.contact_type.trim() === VET_CONTACT_TYPE ? (body.doctor_since ?? null) : null;
    return repo.contactValues(body, doctorSince);
  }

  private async requireContact(userId: string, contactId: string): Promise<Contact> {
    const row = await ownership.findOwnedRow(this.deps.db, 'contact', userId, contactId);
    if (!row) throw notFound('Contact not found');
    return this.toContact(row);
  }

  async list(userId: string, petId: string): Promise<Contact[]> {
    await ownership.requireOwnedPet(this.deps.db, userId, petId);
    return (await ownership.listPetRows(this.deps.db, 'contact', userId, petId)).map((row) =>
      this.toContact(row),
    );
  }

  async create(userId: string, petId: string, body: ContactBody): Promise<Contact> {
    const values = this.valuesOf(body);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      await ownership.requireOwnedPetForInsert(trx, this.deps.kind, userId, petId);
      return repo.insertContact(trx, userId, petId, values);
    });
    return this.requireContact(userId, id);
  }

  /** Fields left out keep their stored values; null clears an optional one (the rule of every PUT). */
  async update(userId: string, contactId: string, body: ContactUpdateBody): Promise<Contact> {
    const stored = await this.requireContact(userId, contactId);
    const values = this.valuesOf(mergeSentFields<ContactBody>(stored, body));
    if (!(await repo.updateContact(this.deps.db, userId, contactId, values)))
      throw notFound('Contact not found');
    return this.requireContact(userId, contactId);
  }

  async delete(userId: string, contactId: string): Promise<void> {
    if (!(await ownership.deleteOwnedRow(this.deps.db, 'contact', userId, contactId)))
      throw notFound('Contact not found');
  }
}
