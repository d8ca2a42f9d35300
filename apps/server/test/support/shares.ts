import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ShareRole } from '@pet/contract';

/**
 * Shares written straight into the database, for tests of the access rule (issue 35) that do not
 * go through invitations (modules/sharing's flow): an accepted share of one pet with one member,
 * with an optional window and an optional early end.
 */
export interface ShareFixture {
  ownerId: string;
  memberId: string;
  petId: string;
  role: ShareRole;
  reminders?: boolean;
  /** ISO instants; null or left out: open-ended. */
  startsAt?: string | null;
  endsAt?: string | null;
  /** Ended early: revoked by the owner or left by the member at this instant. */
  ended?: { at: string; reason: 'revoked' | 'left' };
}

/** Writes the accepted invitation and its share; answers the share's id. */
export async function shareDirectly(app: FastifyInstance, share: ShareFixture): Promise<string> {
  const now = app.clock.now().toISOString();
  const invitationId = randomUUID();
  const shareId = randomUUID();
  await app.db
    .insertInto('pet_invitation')
    .values({
      id: invitationId,
      owner_id: share.ownerId,
      email: `${share.memberId}@members.test`,
      language: 'en',
      token_hash: randomUUID(),
      created_at: now,
      sent_at: now,
      expires_at: new Date(app.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      revoked_at: null,
      accepted_at: now,
      accepted_by: share.memberId,
    })
    .execute();
  await app.db
    .insertInto('pet_share')
    .values({
      id: shareId,
      invitation_id: invitationId,
      pet_id: share.petId,
      owner_id: share.ownerId,
      member_id: share.memberId,
      role: share.role,
      reminders: share.reminders ? 1 : 0,
      starts_at: share.startsAt ?? null,
      ends_at: share.endsAt ?? null,
      created_at: now,
      updated_at: now,
      accepted_at: now,
      ended_at: share.ended?.at ?? null,
      end_reason: share.ended?.reason ?? null,
    })
    .execute();
  return shareId;
}

/** Ends a share at once, as the owner's revocation does. */
export async function revokeShare(app: FastifyInstance, shareId: string): Promise<void> {
  const now = app.clock.now().toISOString();
  await app.db
    .updateTable('pet_share')
    .set({ ended_at: now, end_reason: 'revoked', updated_at: now })
    .where('id', '=', shareId)
    .execute();
}

/** An instant `hours` from the app's business time (negative: in the past). */
export function hoursFromNow(app: FastifyInstance, hours: number): string {
  return new Date(app.clock.now().getTime() + hours * 3_600_000).toISOString();
}
