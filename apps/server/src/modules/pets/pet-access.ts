import { sql, type Kysely, type Transaction } from 'kysely';
import {
  canOnPet,
  SHARE_KEYS,
  type PetAction,
  type PetRelation,
  type PetResource,
  type ShareRole,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { forbidden } from '../../platform/errors.ts';
import { petNotFound } from './pet-ownership.ts';
import type { PetRow } from './pets.repo.ts';

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
