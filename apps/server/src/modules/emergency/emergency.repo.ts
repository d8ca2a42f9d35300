import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isBanActive } from '../../platform/identity/auth.ts';

/** The owner as the emergency file prints them: account name and e-mail, the address form. */
export interface EmergencyOwner {
  id: string;
  partnerId: string;
  name: string;
  email: string;
  phone: string | null;
  address1: string | null;
  address2: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  /** Banned by an operator (ban still running) or account deletion requested. */
  disabled: boolean;
}

/** The owner's account and address, or undefined when no such user (or no profile) exists. */
export async function findOwner(db: Kysely<Database>, userId: string): Promise<EmergencyOwner | undefined> {
  const row = await db
    .selectFrom('user')
    .innerJoin('user_profile', 'user_profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.banned',
      'user.banExpires',
      'user_profile.partner_id',
      'user_profile.phone',
      'user_profile.address_1',
      'user_profile.address_2',
      'user_profile.zipcode',
      'user_profile.city',
      'user_profile.country',
      'user_profile.deletion_requested_at',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    partnerId: row.partner_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address1: row.address_1,
    address2: row.address_2,
    zipcode: row.zipcode,
    city: row.city,
    country: row.country,
    disabled: isBanActive(row) || row.deletion_requested_at !== null,
  };
}
