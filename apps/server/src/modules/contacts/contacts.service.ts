import type { Kysely } from 'kysely';
import {
  mergeSentFields,
  VET_CONTACT_TYPE,
  type Contact,
  type ContactBody,
  type ContactUpdateBody,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { listPetRows, deletePetRow, type PetAccessPolicy } from '../pets/pet-access.ts';
import * as repo from './contacts.repo.ts';

export interface ContactsServiceDeps {
  db: Kysely<Database>;
  access: PetAccessPolicy;
}

const contactNotFound = () => notFound('Contact not found');

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

  private async contactById(contactId: string): Promise<Contact> {
    const row = await this.deps.db
      .selectFrom('contact')
      .selectAll()
      .where('id', '=', contactId)
      .executeTakeFirst();
    if (!row) throw contactNotFound();
    return this.toContact(row);
  }

  async list(userId: string, petId: string): Promise<Contact[]> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'contact' });
    return (await listPetRows(this.deps.db, 'contact', petId)).map((row) => this.toContact(row));
  }

  async create(userId: string, petId: string, body: ContactBody): Promise<Contact> {
    const values = this.valuesOf(body);
    const id = await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.requireForInsert(trx, userId, petId, {
        action: 'create',
        resource: 'contact',
      });
      const contactId = await repo.insertContact(trx, access.ownerId, userId, petId, values);
      await this.deps.access.logActivity(trx, access, 'created', 'contact', contactId, values.name);
      return contactId;
    });
    return this.contactById(id);
  }

  /** Fields left out keep their stored values; null clears an optional one (the rule of every PUT). */
  async update(userId: string, contactId: string, body: ContactUpdateBody): Promise<Contact> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'contact',
        contactId,
        { action: 'update', resource: 'contact' },
        contactNotFound,
        { db: trx, lock: true },
      );
      const values = this.valuesOf(mergeSentFields<ContactBody>(this.toContact(row), body));
      await repo.updateContact(trx, contactId, values);
      await this.deps.access.logActivity(trx, access, 'updated', 'contact', contactId, values.name);
    });
    return this.contactById(contactId);
  }

  async delete(userId: string, contactId: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const { row, access } = await this.deps.access.requireRow(
        userId,
        'contact',
        contactId,
        { action: 'delete', resource: 'contact' },
        contactNotFound,
        { db: trx, lock: true },
      );
      await deletePetRow(trx, 'contact', contactId);
      await this.deps.access.logActivity(trx, access, 'deleted', 'contact', contactId, row.name);
    });
  }
}
