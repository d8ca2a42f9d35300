import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ActivityAction, ActivitySubject } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { PetAccess } from './pet-access.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The pet's activity log (issue 35): every create, change and delete of a pet's data, by the owner
 * or a member, is one line written in the same transaction as the change (so a change that rolls
 * back leaves no line). Read by modules/sharing (the log, the retention job, the GDPR export).
 */
export async function recordPetActivity(
  db: Db,
  access: Pick<PetAccess, 'pet' | 'ownerId' | 'actorId' | 'relation'>,
  action: ActivityAction,
  subject: ActivitySubject,
  subjectId: string | null,
  label: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto('pet_activity')
    .values({
      id: randomUUID(),
      pet_id: access.pet.id,
      owner_id: access.ownerId,
      actor_id: access.actorId,
      actor_role: access.relation,
      action,
      subject,
      subject_id: subjectId,
      // A label names the thing, never its content: short, one line.
      label: label === null ? null : label.replace(/\s+/g, ' ').trim().slice(0, 80) || null,
      at,
    })
    .execute();
}
