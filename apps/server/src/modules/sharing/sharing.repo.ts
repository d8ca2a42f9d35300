import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ActivityEntry, Share, SharedPet, ShareRole, ShareState } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { PetInvitationTable, PetShareTable } from '../../db/tables/sharing.ts';
import { activeShareCondition } from '../pets/pet-access.ts';

type Db = Kysely<Database> | Transaction<Database>;
export type ShareRow = Selectable<PetShareTable>;
export type InvitationRow = Selectable<PetInvitationTable>;

/** A share row with what the owner's list shows of its invitation, pet and member. */
export interface ShareListRow extends ShareRow {
  email: string;
  sent_at: string;
  expires_at: string;
  revoked_at: string | null;
  member_name: string | null;
  pet_name: string;
}

/**
 * SQL condition: the share row `s` (joined with its invitation `i`) still holds or may hold a place
 * of the pet: not ended early, its window not over, and accepted or its invitation still open.
 * These count towards MEMBERS_PER_PET_PAID and refuse a second invitation of the same person.
 */
export function liveShareCondition(now: string) {
  return sql<boolean>`s.ended_at is null and (s.ends_at is null or s.ends_at > ${now})
    and (s.accepted_at is not null or (i.revoked_at is null and i.expires_at > ${now}))`;
}

/** The state the contract names, from the row and the business clock. */
export function shareState(row: ShareListRow, now: string): ShareState {
  if (row.ended_at) {
    if (row.end_reason === 'left') return 'left';
    if (row.end_reason === 'expired') return 'expired';
    return row.end_reason === 'revoked' ? 'revoked' : 'ended';
  }
  if (!row.accepted_at) {
    if (row.revoked_at) return 'revoked';
    return row.expires_at <= now ? 'expired' : 'invited';
  }
  if (row.ends_at && row.ends_at <= now) return 'ended';
  if (row.starts_at && row.starts_at > now) return 'scheduled';
  return 'active';
}

export function toShare(row: ShareListRow, now: string): Share {
  return {
    id: row.id,
    pet_id: row.pet_id,
    invitation_id: row.invitation_id,
    email: row.email,
    member_name: row.member_name,
    role: row.role as ShareRole,
    reminders: row.reminders === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    state: shareState(row, now),
    invited_at: row.sent_at,
    invitation_expires_at: row.expires_at,
    accepted_at: row.accepted_at,
  };
}

function shareListQuery(db: Db) {
  return db
    .selectFrom('pet_share as s')
    .innerJoin('pet_invitation as i', 'i.id', 's.invitation_id')
    .innerJoin('pet as p', 'p.id', 's.pet_id')
    .leftJoin('user as m', 'm.id', 's.member_id')
    .selectAll('s')
    .select([
      'i.email',
      'i.sent_at',
      'i.expires_at',
      'i.revoked_at',
      'm.name as member_name',
      'p.name as pet_name',
    ]);
}

/** Every share of the owner's pets (or of one pet), newest first. */
export function listShares(db: Db, ownerId: string, petId?: string): Promise<ShareListRow[]> {
  let query = shareListQuery(db).where('s.owner_id', '=', ownerId);
  if (petId) query = query.where('s.pet_id', '=', petId);
  return query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();
}

export function sharesOfInvitation(db: Db, invitationId: string): Promise<ShareListRow[]> {
  return shareListQuery(db)
    .where('s.invitation_id', '=', invitationId)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}

export function findShare(db: Db, shareId: string): Promise<ShareListRow | undefined> {
  return shareListQuery(db).where('s.id', '=', shareId).executeTakeFirst();
}

/** Live shares (liveShareCondition) of each of the pets. */
export async function liveShareCounts(
  db: Db,
  petIds: string[],
  now: string,
  exceptInvitation?: string,
): Promise<number[]> {
  let query = db
    .selectFrom('pet_share as s')
    .innerJoin('pet_invitation as i', 'i.id', 's.invitation_id')
    .select(['s.pet_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('s.pet_id', 'in', petIds)
    .where(liveShareCondition(now))
    .groupBy('s.pet_id');
  if (exceptInvitation) query = query.where('s.invitation_id', '!=', exceptInvitation);
  const rows = await query.execute();
  const counts = new Map(rows.map((row) => [row.pet_id, Number(row.count)]));
  return petIds.map((id) => counts.get(id) ?? 0);
}

/** Whether `email` (invited, or the member's account address) already has a live share of a pet. */
export async function hasLiveShare(
  db: Db,
  petIds: string[],
  email: string,
  now: string,
  exceptInvitation?: string,
): Promise<boolean> {
  let query = db
    .selectFrom('pet_share as s')
    .innerJoin('pet_invitation as i', 'i.id', 's.invitation_id')
    .leftJoin('user as m', 'm.id', 's.member_id')
    .select('s.id')
    .where('s.pet_id', 'in', petIds)
    .where(liveShareCondition(now))
    .where((eb) => eb.or([eb('i.email', '=', email), eb('m.email', '=', email)]));
  if (exceptInvitation) query = query.where('s.invitation_id', '!=', exceptInvitation);
  return (await query.executeTakeFirst()) !== undefined;
}

export function findInvitation(db: Db, id: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('pet_invitation').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db.selectFrom('pet_invitation').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export interface Person {
  id: string;
  name: string;
  email: string;
  partnerId: string | null;
}

export function findPerson(db: Db, userId: string): Promise<Person | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'partnerId'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findPersonByEmail(db: Db, email: string): Promise<Person | undefined> {
  return db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'partnerId'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The pets someone shares with the member now (myinfo's shared_pets), without photo URLs. */
export async function activeSharedPets(
  db: Db,
  memberId: string,
  now: string,
): Promise<Array<Omit<SharedPet, 'image_url'> & { image_key: string | null }>> {
  const rows = await db
    .selectFrom('pet_share as s')
    .innerJoin('pet as p', 'p.id', 's.pet_id')
    .innerJoin('user as o', 'o.id', 's.owner_id')
    .select([
      'p.id',
      'p.name',
      'p.image_key',
      'p.pet_type',
      's.id as share_id',
      'o.name as owner_name',
      's.role',
      's.ends_at',
    ])
    .where('s.member_id', '=', memberId)
    .where(activeShareCondition(now))
    .orderBy('p.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    image_key: row.image_key,
    type: row.pet_type as SharedPet['type'],
    share_id: row.share_id,
    owner_name: row.owner_name,
    role: row.role as ShareRole,
    ends_at: row.ends_at,
  }));
}

/** Shares that end with an account or plan: not ended early and not over by their window. */
export function openSharesWhere(
  db: Db,
  column: 'owner_id' | 'member_id',
  userId: string,
  now: string,
): Promise<ShareListRow[]> {
  return shareListQuery(db)
    .where(`s.${column}`, '=', userId)
    .where('s.ended_at', 'is', null)
    .where((eb) => eb.or([eb('s.ends_at', 'is', null), eb('s.ends_at', '>', now)]))
    .execute();
}

export async function endShares(
  db: Db,
  shareIds: string[],
  reason: 'revoked' | 'left' | 'expired' | 'account_deleted' | 'plan_ended',
  now: string,
): Promise<void> {
  if (shareIds.length === 0) return;
  await db
    .updateTable('pet_share')
    .set({ ended_at: now, end_reason: reason, updated_at: now })
    .where('id', 'in', shareIds)
    .where('ended_at', 'is', null)
    .execute();
}

export const ACTIVITY_PAGE = 50;

/** A page of the pet's activity, newest first, after the cursor `{at}|{id}` (or an instant). */
export async function activityPage(
  db: Db,
  petId: string,
  before: { at: string; id: string | null } | null,
): Promise<Array<ActivityEntry>> {
  let query = db
    .selectFrom('pet_activity as a')
    .leftJoin('user as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.at',
      'a.actor_id',
      'u.name as actor_name',
      'a.actor_role',
      'a.action',
      'a.subject',
      'a.subject_id',
      'a.label',
    ])
    .where('a.pet_id', '=', petId);
  if (before) {
    const { at, id } = before;
    query = query.where((eb) =>
      id === null
        ? eb('a.at', '<', at)
        : eb.or([eb('a.at', '<', at), eb.and([eb('a.at', '=', at), eb('a.id', '<', id)])]),
    );
  }
  const rows = await query
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(ACTIVITY_PAGE + 1)
    .execute();
  return rows.map((row) => ({
    ...row,
    // A name only while the account exists (a deleted member's lines show as unknown).
    actor_name: row.actor_id === null ? null : (row.actor_name ?? null),
    actor_role: row.actor_role as ActivityEntry['actor_role'],
    action: row.action as ActivityEntry['action'],
    subject: row.subject as ActivityEntry['subject'],
  }));
}
