import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PetTagTable } from '../../db/tables/lost-pet.ts';

export type PetTagRow = Selectable<PetTagTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The pet's tag (the caller's access to the pet was checked by the service). */
export function findTag(db: Db, petId: string): Promise<PetTagRow | undefined> {
  return db.selectFrom('pet_tag').selectAll().where('pet_id', '=', petId).executeTakeFirst();
}

/** A tag by its printed token (the public page), with its pet and owner. */
export function findTagByToken(db: Db, token: string) {
  return db
    .selectFrom('pet_tag')
    .innerJoin('pet', 'pet.id', 'pet_tag.pet_id')
    .innerJoin('user', 'user.id', 'pet_tag.user_id')
    .innerJoin('user_profile', 'user_profile.user_id', 'pet_tag.user_id')
    .selectAll('pet_tag')
    .select([
      'pet.name as pet_name',
      'pet.pet_type',
      'pet.image_key',
      'user.name as owner_name',
      'user.email as owner_email',
      'user.banned as owner_banned',
      'user_profile.phone as owner_phone',
      'user_profile.partner_id',
      'user_profile.deletion_requested_at',
    ])
    .where('pet_tag.token', '=', token)
    .executeTakeFirst();
}
export type TagWithOwner = NonNullable<Awaited<ReturnType<typeof findTagByToken>>>;

/** What a finder may need to know: allergies and the medication in use. */
export async function medicalAlerts(db: Db, petId: string) {
  return db
    .selectFrom('medical_record')
    .select(['medical_type', 'name', 'dosage'])
    .where('pet_id', '=', petId)
    .where((eb) =>
      eb.or([
        eb('medical_type', '=', 'allergy'),
        eb.and([eb('medical_type', '=', 'medication'), eb('in_use', '=', 'Yes')]),
      ]),
    )
    .orderBy('medical_type')
    .orderBy('name')
    .limit(20)
    .execute();
}

export async function vetPhone(db: Db, petId: string): Promise<string | null> {
  const row = await db
    .selectFrom('contact')
    .select('phone')
    .where('pet_id', '=', petId)
    .where('contact_type', '=', 'Vet')
    .orderBy('created_at')
    .executeTakeFirst();
  return row?.phone ?? null;
}

export async function recordAccess(
  db: Db,
  access: { userId: string; petId: string | null; kind: 'tag' | 'emergency'; device: string; at: string },
): Promise<void> {
  await db
    .insertInto('public_access')
    .values({
      id: randomUUID(),
      user_id: access.userId,
      pet_id: access.petId,
      kind: access.kind,
      device: access.device,
      created_at: access.at,
    })
    .execute();
}

/** The pet's tag openings and its owner's (`ownerId`) public emergency downloads, newest first. */
export function listAccesses(db: Db, ownerId: string, petId: string, limit: number) {
  return db
    .selectFrom('public_access')
    .select(['kind', 'device', 'created_at'])
    .where('user_id', '=', ownerId)
    .where((eb) => eb.or([eb('pet_id', '=', petId), eb('pet_id', 'is', null)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function listReports(db: Db, petId: string, limit: number) {
  return db
    .selectFrom('finder_report')
    .select(['id', 'message', 'phone', 'latitude', 'longitude', 'created_at'])
    .where('pet_id', '=', petId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}
