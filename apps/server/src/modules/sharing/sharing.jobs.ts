import { z } from 'zod';
import { shareRoleSchema } from '@pet/contract';
import { defineJob } from '../../platform/jobs/jobs.ts';

/**
 * The sharing module's durable jobs. Window jobs carry the instant they were scheduled for: a share
 * whose window moved (PUT /v1/share) or that ended early finds its old job stale, and it does
 * nothing. Every job has a dedupe key.
 */

/** At a share's `starts_at`: the window opens, owner and member are mailed. */
export const SHARE_STARTED_JOB = defineJob(
  'share.started',
  z.object({ shareId: z.string(), startsAt: z.string() }),
);

/** At a share's `ends_at`: the window closes, owner and member are mailed. */
export const SHARE_ENDED_JOB = defineJob(
  'share.ended',
  z.object({ shareId: z.string(), endsAt: z.string() }),
);

/** Daily: activity lines older than ACTIVITY_KEEP_MONTHS go. */
export const ACTIVITY_RETENTION_JOB = defineJob('share.activity-retention', z.object({ slot: z.string() }));

/** Why a notice mail is sent (sharing.mails.ts has the texts). */
export const SHARE_MAIL_EVENTS = [
  'started',
  'ended',
  'revoked',
  'left',
  'pet_deleted',
  'owner_deleted',
  'member_deleted',
  'plan_ended',
] as const;
export type ShareMailEvent = (typeof SHARE_MAIL_EVENTS)[number];

/**
 * One notice mail about a share, scheduled in the transaction that decides it (so a change that
 * rolls back mails nothing). It names the recipient by id, never by address: the address, name,
 * language and brand are read when it is sent, and a recipient whose account is gone gets nothing.
 * The pet's name travels in the payload because a deleted pet's row is gone by then.
 */
export const SHARE_MAIL_JOB = defineJob(
  'share.mail',
  z.object({
    event: z.enum(SHARE_MAIL_EVENTS),
    recipientId: z.string(),
    /** Whether the recipient is the pet's owner (else the member). */
    toOwner: z.boolean(),
    petId: z.string(),
    petName: z.string(),
    /** The other side's name as it was (the owner's for a member, the member's for the owner). */
    otherName: z.string(),
    role: shareRoleSchema,
    endsAt: z.string().nullable(),
  }),
);
export type ShareMailPayload = z.infer<typeof SHARE_MAIL_JOB.payload>;
