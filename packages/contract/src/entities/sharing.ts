import { z } from 'zod';
import { UI_LANGUAGES } from '../constants.ts';
import { emailSchema } from './auth.ts';
import { idSchema } from './common.ts';
import { SPECIES } from '../brands.ts';
import { weightEntrySchema } from './pets.ts';

/**
 * Sharing a pet with other people (issue 35), an addition to the spec. The owner invites by e-mail
 * to one or more pets with a role and an optional window; the member sees the pet while the share
 * is active. The access rule itself is `canOnPet` in ../pet-access.ts (zod-free, both apps use it).
 */

export const SHARE_ROLES = ['co_owner', 'carer', 'viewer'] as const;
export type ShareRole = (typeof SHARE_ROLES)[number];
export const shareRoleSchema = z.enum(SHARE_ROLES);

/** Members per pet by the owner's plan: none on the free plan. */
export const MEMBERS_PER_PET_PAID = 6;
/** An invitation's link works this long. */
export const INVITATION_VALID_DAYS = 7;
/** The activity log keeps entries this long. */
export const ACTIVITY_KEEP_MONTHS = 12;

/** Error keys of the sharing calls (both languages in the web's sharing.json). */
export const SHARE_KEYS = {
  /** 403: the member's role does not allow this action on the pet. */
  roleForbids: 'Share_Role_Forbidden_Text',
  /** 403: a carer may not edit or delete what someone else wrote. */
  notYours: 'Share_Not_Your_Entry_Text',
  /** 500 (a plan limit, like the spec's): the free plan shares nothing. */
  notAllowed: 'Share_Not_Allowed_Text',
  /** 500: the pet already has MEMBERS_PER_PET_PAID members (active, scheduled or invited). */
  memberLimit: 'Share_Member_Limit_Reached_Message',
  /** 400: the window ends before it starts, or has already ended. */
  window: 'Share_Window_Error',
  /** 400: an owner cannot invite themselves. */
  self: 'Share_Self_Error',
  /** 409: this person already has (or is invited to) this pet. */
  duplicate: 'Share_Already_Member_Error',
  /** 404 page: the invitation link is unknown, expired, revoked or used. */
  invitationGone: 'Share_Invitation_Gone_Text',
  /** 403: the invitation was sent to another address than the signed-in account's. */
  otherEmail: 'Share_Invitation_Other_Email_Text',
} as const;

/**
 * An instant to the hour as the owner chose it, sent as ISO 8601 with offset or Z
 * ("2026-12-01T08:00:00+01:00"); the server keeps it in UTC. Null: open-ended.
 */
export const shareInstantSchema = z.iso.datetime({ offset: true }).nullish();

export const shareWindowSchema = z.object({
  starts_at: shareInstantSchema,
  ends_at: shareInstantSchema,
});

/** POST /v1/share/invitation. */
export const invitationBodySchema = shareWindowSchema.extend({
  email: emailSchema,
  pet_ids: z.array(idSchema).min(1).max(50),
  role: shareRoleSchema,
  /** The language of the invitation mail (the owner chooses it for the invitee). */
  language: z.enum(UI_LANGUAGES),
  /** Whether a carer gets appointment and dose reminders; co-owners always do, viewers never. */
  reminders: z.boolean().default(false),
});
export type InvitationBody = z.infer<typeof invitationBodySchema>;

/** PUT /v1/share?share_id=: the owner changes role, window or reminders of one share. */
export const shareUpdateBodySchema = shareWindowSchema.extend({
  role: shareRoleSchema.optional(),
  reminders: z.boolean().optional(),
});
export type ShareUpdateBody = z.infer<typeof shareUpdateBodySchema>;

/**
 * A share's state, computed from the business clock: invited (not yet accepted), scheduled
 * (accepted, window not begun), active, ended (window over), revoked (by the owner), left (by the
 * member), expired (invitation not accepted in time).
 */
export const SHARE_STATES = [
  'invited',
  'scheduled',
  'active',
  'ended',
  'revoked',
  'left',
  'expired',
] as const;
export type ShareState = (typeof SHARE_STATES)[number];

/** One person's access to one pet, as the owner sees it. */
export const shareSchema = z.object({
  id: idSchema,
  pet_id: idSchema,
  invitation_id: idSchema,
  /** The invited address; the member's account name once accepted. */
  email: z.string(),
  member_name: z.string().nullable(),
  role: shareRoleSchema,
  reminders: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  state: z.enum(SHARE_STATES),
  invited_at: z.string(),
  invitation_expires_at: z.string(),
  accepted_at: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

/** GET /v1/share/list?pet_id=: every share of the pet, newest first (owner only). */
export const shareListResponseSchema = z.array(shareSchema);

/** A pet someone shares with the signed-in user (myinfo's shared_pets). */
export const sharedPetSchema = z.object({
  id: idSchema,
  name: z.string(),
  image_url: z.string().nullish(),
  type: z.enum(SPECIES),
  share_id: idSchema,
  owner_name: z.string(),
  role: shareRoleSchema,
  ends_at: z.string().nullable(),
});
export type SharedPet = z.infer<typeof sharedPetSchema>;

/** GET /v1/share/invitation/preview?token=: what the link's holder may see before accepting. */
export const invitationPreviewSchema = z.object({
  owner_name: z.string(),
  email: z.string(),
  role: shareRoleSchema,
  pets: z.array(z.object({ id: idSchema, name: z.string(), type: z.enum(SPECIES) })),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  expires_at: z.string(),
  /** Whether an account with the invited address exists (the page offers sign-in or registration). */
  account_exists: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenBodySchema = z.object({ token: z.string().min(20).max(200) });
export const invitationTokenQuerySchema = invitationTokenBodySchema;
export const invitationIdQuerySchema = z.object({ invitation_id: idSchema });
export const shareIdQuerySchema = z.object({ share_id: idSchema });
export const sharePetQuerySchema = z.object({ pet_id: idSchema });

/** POST /v1/share/invitation/accept: the shares it started, the first pet to open. */
export const invitationAcceptResponseSchema = z.object({
  pet_id: idSchema,
  share_ids: z.array(idSchema),
});

/** What an activity entry is about. */
export const ACTIVITY_SUBJECTS = [
  'pet',
  'weight',
  'photo',
  'contact',
  'medical',
  'document',
  'appointment',
  'lost_pet_tag',
  'handover',
  'share',
] as const;
export type ActivitySubject = (typeof ACTIVITY_SUBJECTS)[number];
export const ACTIVITY_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** One line of a pet's activity log. */
export const activityEntrySchema = z.object({
  id: idSchema,
  at: z.string(),
  actor_id: z.string().nullable(),
  /** The actor's name now; null when the account is gone. */
  actor_name: z.string().nullable(),
  /** owner, or the role the actor held then. */
  actor_role: z.enum(['owner', ...SHARE_ROLES]),
  action: z.enum(ACTIVITY_ACTIONS),
  subject: z.enum(ACTIVITY_SUBJECTS),
  subject_id: z.string().nullable(),
  /** A short label of the thing (a contact's name, a weight "12.5 kg"), never more. */
  label: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** GET /v1/share/activity?pet_id=&before=: newest first, 50 a page. */
export const activityQuerySchema = z.object({
  pet_id: idSchema,
  before: z.string().optional(),
});
export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next page; null at the end. */
  next_before: z.string().nullable(),
});

/** POST /v1/pet/weight?pet_id=: one weight (what a carer may add without editing the profile). */
export const weightBodySchema = weightEntrySchema;
export const weightIdQuerySchema = z.object({ weight_id: idSchema });

export const SHARE_PATHS = {
  invitation: '/v1/share/invitation',
  invitations: '/v1/share/invitations',
  invitationResend: '/v1/share/invitation/resend',
  invitationPreview: '/v1/share/invitation/preview',
  invitationAccept: '/v1/share/invitation/accept',
  list: '/v1/share/list',
  share: '/v1/share',
  leave: '/v1/share/leave',
  activity: '/v1/share/activity',
  weight: '/v1/pet/weight',
} as const;
