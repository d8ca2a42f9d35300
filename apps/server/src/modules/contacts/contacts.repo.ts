import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ContactBody } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { ContactTable } from '../../db/tables/contacts.ts';
import { nowIso } from '../../db/database.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ContactRow = Selectable<ContactTable>;

// Finding, listing and deleting a pet's contacts: the shared helpers of ../pets/pet-access.ts.

/** The body schema trims; '' (and missing) becomes null. */
const blank = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** The stored columns of a body. */
export function contactValues(body: ContactBody, doctorSince: string | null) {
  return {
    title: blank(body.title),
    name: body.name.trim(),
    address: blank(body.address),
    zip: blank(body.zip),
    city: blank(body.city),
    country: blank(body.country),
    phone: body.phone.trim(),
    email: blank(body.email),
    contact_type: body.contact_type.trim(),
    doctor_since: blank(doctorSince),
  };
}

/** A contact of the pet: stored under its owner (`ownerId`), written by `createdBy`. */
export async function insertContact(
  trx: Transaction<Database>,
  ownerId: string,
  createdBy: string,
  petId: string,
  values: ReturnType<typeof contactValues>,
): Promise<string> {
  const id = randomUUID();
  const now = nowIso();
  await trx
    .insertInto('contact')
    .values({
      id,
      pet_id: petId,
      user_id: ownerId,
      created_by: createdBy,
      ...values,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Updates a contact (after the caller's access to it was checked). */
export async function updateContact(
  db: Db,
  contactId: string,
  values: ReturnType<typeof contactValues>,
): Promise<void> {
  await db
    .updateTable('contact')
    .set({ ...values, updated_at: nowIso() })
    .where('id', '=', contactId)
    .execute();
}
