import type { IsoTimestamp } from '../schema.ts';

/**
 * Sharing a pet (modules/sharing, issue 35). One invitation (an e-mail, a link) holds one share
 * per pet it offers; the share row carries the role, the window and, once accepted, the member.
 * Shares go with their pet (ON DELETE CASCADE); the activity log too.
 */
export interface PetInvitationTable {
  id: string;
  owner_id: string;
  /** The invited address, lower case. */
  email: string;
  /** 'de' | 'en': the mail's language, chosen by the owner. */
  language: string;
  /** SHA-256 (hex) of the link's 192-bit token; the token itself is only in the mail. */
  token_hash: string;
  created_at: IsoTimestamp;
  /** The last (re)send; the link works INVITATION_VALID_DAYS from it. */
  sent_at: IsoTimestamp;
  expires_at: IsoTimestamp;
  revoked_at: IsoTimestamp | null;
  accepted_at: IsoTimestamp | null;
  accepted_by: string | null;
}

export interface PetShareTable {
  id: string;
  invitation_id: string;
  pet_id: string;
  owner_id: string;
  /** Null until the invitation is accepted. */
  member_id: string | null;
  /** 'co_owner' | 'carer' | 'viewer' */
  role: string;
  /** 0/1: a carer gets appointment and dose reminders. */
  reminders: number;
  /** UTC; null: from acceptance on. */
  starts_at: IsoTimestamp | null;
  /** UTC; null: until ended by hand. */
  ends_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
  accepted_at: IsoTimestamp | null;
  /** Set when ended early: revoked by the owner, left by the member, invitation expired/revoked. */
  ended_at: IsoTimestamp | null;
  /** 'revoked' | 'left' | 'expired' | 'account_deleted' */
  end_reason: string | null;
}

/** One line of a pet's activity log; kept ACTIVITY_KEEP_MONTHS. */
export interface PetActivityTable {
  id: string;
  pet_id: string;
  owner_id: string;
  /** Who did it (no FK: the line outlives a member's account, the name is then unknown). */
  actor_id: string | null;
  /** 'owner' | a share role, as it was then. */
  actor_role: string;
  /** 'created' | 'updated' | 'deleted' */
  action: string;
  /** ACTIVITY_SUBJECTS */
  subject: string;
  subject_id: string | null;
  label: string | null;
  at: IsoTimestamp;
}

export interface SharingTables {
  pet_invitation: PetInvitationTable;
  pet_share: PetShareTable;
  pet_activity: PetActivityTable;
}
