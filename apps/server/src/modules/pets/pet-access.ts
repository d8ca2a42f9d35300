import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  canOnPet,
  SHARE_KEYS,
  type ActivityAction,
  type ActivitySubject,
  type PetAction,
  type PetRelation,
  type PetResource,
  type ShareRole,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden, notFound, type AppError } from '../../platform/errors.ts';
import type { PetRow } from './pets.repo.ts';
import { recordPetActivity } from './pet-activity.ts';

/**
 * The one access rule of pet data (issue 35), as every pet-data route, PDF, feed, export and job
 * applies it: the caller's relation to the pet (its owner, or an active share and its role) from one
 * indexed lookup, then `canOnPet` from the contract. No relation (a stranger, a share before or
 * after its window, a revoked or left share) is the same 404 as a pet that does not exist; a
 * relation whose role does not allow the action is a 403 with its key.
 *
 * Rows of a pet keep `user_id` = the pet's owner whoever added them (the owner's plan limits count
 * them, the owner's purge removes them) and `created_by` = who added them.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The 404 of a pet the caller has no relation to (or that does not exist). */
export const petNotFound = () => notFound('Pet not found');

export interface PetAccess {
  pet: PetRow;
  /** The pet's owner: rows of the pet are stored and counted under this id. */
  ownerId: string;
  /** The caller. */
  actorId: string;
  relation: PetRelation;
  /** The share the access comes from; null for the owner. */
  share: { id: string; reminders: boolean } | null;
}

export interface AccessCheck {
  action: PetAction;
  resource: PetResource;
  /** For an update or delete of an existing entry: who wrote it. */
  entry?: { createdBy: string | null };
  /** A carer's update that changes only an appointment's note. */
  noteOnly?: boolean;
}

/** The 403 of an action the caller's relation may not do. */
export function refuseUnless(access: PetAccess, check: AccessCheck): void {
  const answer = canOnPet(access.relation, check.action, check.resource, {
    entry: check.entry,
    actorId: access.actorId,
    noteOnly: check.noteOnly,
  });
  if (answer === 'role') throw forbidden(SHARE_KEYS.roleForbids);
  if (answer === 'not yours') throw forbidden(SHARE_KEYS.notYours);
}

/** SQL condition: the share row `s` is accepted, not ended early, and its window holds `now`. */
export function activeShareCondition(now: string) {
  return sql<boolean>`s.accepted_at is not null and s.ended_at is null
    and (s.starts_at is null or s.starts_at <= ${now})
    and (s.ends_at is null or s.ends_at > ${now})`;
}

export class PetAccessPolicy {
  constructor(private readonly deps: { db: Kysely<Database>; kind: DatabaseKind; clock: Clock }) {}

  nowIso(): string {
    return this.deps.clock.now().toISOString();
  }

  /**
   * The caller's relation to the pet, or undefined (no such pet, or no relation now). One query:
   * the pet joined with the caller's active share of it.
   */
  async find(
    userId: string,
    petId: string,
    options: { db?: Db; lockForInsert?: boolean } = {},
  ): Promise<PetAccess | undefined> {
    const db = options.db ?? this.deps.db;
    let query = db
      .selectFrom('pet')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('pet_share as s')
            .select(['s.id as share_id', 's.pet_id as share_pet_id', 's.role', 's.reminders'])
            .where('s.member_id', '=', userId)
            .where('s.pet_id', '=', petId)
            .where(activeShareCondition(this.nowIso()))
            .as('active_share'),
        (join) => join.onRef('active_share.share_pet_id', '=', 'pet.id'),
      )
      .selectAll('pet')
      .select(['active_share.share_id', 'active_share.role', 'active_share.reminders'])
      .where('pet.id', '=', petId)
      .where((eb) => eb.or([eb('pet.user_id', '=', userId), eb('active_share.share_id', 'is not', null)]));
    // On PostgreSQL the pet row is held until the insert's transaction ends, so a parallel pet
    // delete waits and then cascades the new row too (SQLite has one writer at a time).
    if (options.lockForInsert && this.deps.kind === 'postgres') query = query.forKeyShare('pet');
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const { share_id, role, reminders, ...pet } = row;
    const isOwner = pet.user_id === userId;
    return {
      pet: pet as PetRow,
      ownerId: pet.user_id,
      actorId: userId,
      relation: isOwner ? 'owner' : (role as ShareRole),
      share: isOwner || !share_id ? null : { id: share_id, reminders: reminders === 1 },
    };
  }

  /** The caller's access to the pet allowing `check`, else 404 (no relation) or 403 (role). */
  async require(
    userId: string,
    petId: string,
    check: AccessCheck,
    options: { db?: Db } = {},
  ): Promise<PetAccess> {
    const access = await this.find(userId, petId, options);
    if (!access) throw petNotFound();
    refuseUnless(access, check);
    return access;
  }

  /**
   * The same inside the transaction that adds a row to the pet: the pet row is held (PostgreSQL)
   * so a parallel delete waits. Plan limits are then checked for `access.ownerId`.
   */
  async requireForInsert(
    trx: Transaction<Database>,
    userId: string,
    petId: string,
    check: AccessCheck,
  ): Promise<PetAccess> {
    const access = await this.find(userId, petId, { db: trx, lockForInsert: true });
    if (!access) throw petNotFound();
    refuseUnless(access, check);
    return access;
  }

  /** One line of the pet's activity log at business time, in the change's transaction `db`. */
  async logActivity(
    db: Db,
    access: PetAccess,
    action: ActivityAction,
    subject: ActivitySubject,
    subjectId: string | null,
    label: string | null,
  ): Promise<void> {
    await recordPetActivity(db, access, action, subject, subjectId, label, this.nowIso());
  }

  /**
   * A row of a pet (a contact, a record, a document, a file, an appointment) by its id with the
   * caller's access to its pet allowing `check`; an update or delete is checked against who wrote
   * the row. No row, or no relation to its pet, is `missing()` (404); a role that may not, 403.
   */
  async requireRow<T extends PetDataTable>(
    userId: string,
    table: T,
    rowId: string,
    check: Omit<AccessCheck, 'entry'>,
    missing: () => AppError,
    options: { db?: Db; lock?: boolean } = {},
  ): Promise<{ row: PetDataRow<T>; access: PetAccess }> {
    const db = options.db ?? this.deps.db;
    let query = db
      .selectFrom(table as PetDataTable)
      .selectAll()
      .where('id', '=', rowId);
    if (options.lock && this.deps.kind === 'postgres') query = query.forUpdate();
    const row = (await query.executeTakeFirst()) as PetDataRow<T> | undefined;
    if (!row) throw missing();
    const access = await this.find(userId, (row as { pet_id: string }).pet_id, { db });
    if (!access) throw missing();
    const createdBy = 'created_by' in row ? (row.created_by as string | null) : null;
    refuseUnless(access, { ...check, entry: check.action === 'read' ? undefined : { createdBy } });
    return { row, access };
  }

  /** The members of the pet whose share is active now, with role and reminder choice (for jobs). */
  async membersOf(
    petId: string,
    db: Db = this.deps.db,
  ): Promise<Array<{ memberId: string; role: ShareRole; reminders: boolean }>> {
    const rows = await db
      .selectFrom('pet_share as s')
      .select(['s.member_id', 's.role', 's.reminders'])
      .where('s.pet_id', '=', petId)
      .where('s.member_id', 'is not', null)
      .where(activeShareCondition(this.nowIso()))
      .orderBy('s.accepted_at')
      .execute();
    return rows.map((row) => ({
      memberId: row.member_id!,
      role: row.role as ShareRole,
      reminders: row.reminders === 1,
    }));
  }

  /**
   * The earliest instant (ms) within `withinMs` from now at which one of the user's active shares
   * ends by its window, or null: the read cache keeps no member's answer past it (a window ends
   * without any write, so the data version alone would not tell).
   */
  async accessEndsWithin(userId: string, withinMs: number): Promise<number | null> {
    const now = this.deps.clock.now().getTime();
    const row = await this.deps.db
      .selectFrom('pet_share as s')
      .select((eb) => eb.fn.min('s.ends_at').as('ends_at'))
      .where('s.member_id', '=', userId)
      .where('s.ended_at', 'is', null)
      // Also a window that ended just now: the answer may have been computed before its end (it
      // is then not kept at all).
      .where('s.ends_at', '>', new Date(now - withinMs).toISOString())
      .where('s.ends_at', '<=', new Date(now + withinMs).toISOString())
      .executeTakeFirst();
    return row?.ends_at ? new Date(row.ends_at).getTime() : null;
  }

  /** Every pet the caller may see now: the pets of active shares (owned pets are listed by pets). */
  async sharedPetIds(userId: string, db: Db = this.deps.db): Promise<string[]> {
    const rows = await db
      .selectFrom('pet_share as s')
      .select('s.pet_id')
      .where('s.member_id', '=', userId)
      .where(activeShareCondition(this.nowIso()))
      .execute();
    return rows.map((row) => row.pet_id);
  }
}

/**
 * The tables of data kept per pet. Each row carries its pet (and `user_id` = the pet's owner); it
 * is found by its id alone and then reached through the caller's access to its pet, so a row of a
 * pet the caller has no relation to is simply not found.
 */
export type PetDataTable = 'contact' | 'medical_record' | 'document' | 'document_file' | 'appointment';
export type PetDataRow<T extends PetDataTable> = Selectable<Database[T]>;

// Kysely cannot type a query on a table chosen by a type parameter, so the queries below run on
// the union of these tables (every one has id, pet_id, created_at) and the answer is cast back.

/** The rows of one pet in the order they were added (or the reverse), ties broken by id. */
export async function listPetRows<T extends PetDataTable>(
  db: Db,
  table: T,
  petId: string,
  order: 'oldest first' | 'newest first' = 'oldest first',
): Promise<Array<PetDataRow<T>>> {
  const rows = await db
    .selectFrom(table as PetDataTable)
    .selectAll()
    .where('pet_id', '=', petId)
    .orderBy('created_at', order === 'oldest first' ? 'asc' : 'desc')
    .orderBy('id')
    .execute();
  return rows as Array<PetDataRow<T>>;
}

/** Deletes one row by its id (after the caller's access to it was checked). */
export async function deletePetRow(db: Db, table: PetDataTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}
