import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  INVITATION_VALID_DAYS,
  SHARE_KEYS,
  type BrandConfig,
  type InvitationBody,
  type InvitationPreview,
  type Share,
  type SharedPet,
  type ShareUpdateBody,
  type UiLanguage,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { DatabaseKind } from '../../db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.ts';
import type { PetAccessPolicy } from '../pets/pet-access.ts';
import { recordPetActivity } from '../pets/pet-activity.ts';
import type { PetRow } from '../pets/pets.repo.ts';
import { assertCanAddShareMembers } from '../plans/plan-limits.ts';
import type { ShareEndings } from './share-endings.ts';
import * as repo from './sharing.repo.ts';
import { renderInvitationMail, SHARE_INVITATION_MAIL } from './sharing.mails.ts';

/** The link is its own secret: 192 random bits, stored only as a SHA-256 hash. */
const TOKEN_BYTES = 24;
const DAY_MS = 24 * 3600 * 1000;
export const INVITATION_PREVIEW_PER_IP: RateLimitRule = { window: 600, max: 60 };

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
const gone = () => new AppError(404, SHARE_KEYS.invitationGone, 'No such invitation');
const shareNotFound = () => notFound('No such share');

export interface SharingServiceDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
  mailer: Mailer;
  limiter: RateLimiter;
  access: PetAccessPolicy;
  endings: ShareEndings;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  /** The pets module's signed photo URL. */
  petImageUrl: (imageKey: string | null) => string | null;
}

/** An instant as stored: UTC ISO; null stays null (open-ended). */
const utc = (at: string | null | undefined) => (at ? new Date(at).toISOString() : null);

/** A window ends after it starts and is not over: else 400 Share_Window_Error. */
function checkWindow(startsAt: string | null, endsAt: string | null, now: string): void {
  if (endsAt && ((startsAt && endsAt <= startsAt) || endsAt <= now))
    throw badRequest(SHARE_KEYS.window, 'ends_at', 'The window ends before it starts or is over');
}

/**
 * Sharing a pet (issue 35): invitations (a mailed link, 7 days), the shares they hold (one per
 * pet: role, window, reminders), accepting, changing and ending them, the activity log and
 * myinfo's shared pets. Who may do what with a pet is the pets module's PetAccessPolicy ('shares'
 * is the owner's); the plan rules are in plans/plan-limits.ts; the window jobs, notice mails and
 * the ends from elsewhere in share-endings.ts.
 */
export class SharingService {
  constructor(private readonly deps: SharingServiceDeps) {}

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }

  private answer(rows: repo.ShareListRow[]): Share[] {
    const now = this.nowIso();
    return rows.map((row) => repo.toShare(row, now));
  }

  async create(ownerId: string, body: InvitationBody): Promise<Share[]> {
    const { db, kind, access } = this.deps;
    const now = this.nowIso();
    const email = body.email.trim().toLowerCase();
    const petIds = [...new Set(body.pet_ids)];
    const startsAt = utc(body.starts_at);
    const endsAt = utc(body.ends_at);
    checkWindow(startsAt, endsAt, now);
    const owner = await repo.findPerson(db, ownerId);
    if (!owner) throw notFound('No such user');
    if (owner.email.toLowerCase() === email) throw badRequest(SHARE_KEYS.self, 'email', 'That is you');
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const invitation = {
      id: randomUUID(),
      owner_id: ownerId,
      email,
      language: body.language,
      token_hash: hashInvitationToken(token),
      created_at: now,
      sent_at: now,
      expires_at: new Date(Date.parse(now) + INVITATION_VALID_DAYS * DAY_MS).toISOString(),
      revoked_at: null,
      accepted_at: null,
      accepted_by: null,
    };
    const pets = await db.transaction().execute(async (trx) => {
      const granted = [];
      for (const petId of petIds)
        granted.push(
          await access.requireForInsert(trx, ownerId, petId, { action: 'create', resource: 'shares' }),
        );
      // Parallel invitations of one owner queue behind the plan row's lock: the count holds.
      await assertCanAddShareMembers(trx, kind, ownerId, async (t) =>
        Math.max(...(await repo.liveShareCounts(t, petIds, now))),
      );
      if (await repo.hasLiveShare(trx, petIds, email, now))
        throw conflict(SHARE_KEYS.duplicate, 'Already invited to or sharing one of these pets');
      await trx.insertInto('pet_invitation').values(invitation).execute();
      for (const grant of granted) {
        const shareId = randomUUID();
        await trx
          .insertInto('pet_share')
          .values({
            id: shareId,
            invitation_id: invitation.id,
            pet_id: grant.pet.id,
            owner_id: ownerId,
            member_id: null,
            role: body.role,
            reminders: body.reminders ? 1 : 0,
            starts_at: startsAt,
            ends_at: endsAt,
            created_at: now,
            updated_at: now,
            accepted_at: null,
            ended_at: null,
            end_reason: null,
          })
          .execute();
        await recordPetActivity(trx, grant, 'created', 'share', shareId, body.role, now);
      }
      return granted.map((grant) => grant.pet);
    });
    await this.sendInvitation(owner, invitation, pets, token);
    return this.answer(await repo.sharesOfInvitation(db, invitation.id));
  }

  private async sendInvitation(
    owner: repo.Person,
    invitation: { email: string; language: string; expires_at: string; id: string },
    pets: Array<Pick<PetRow, 'name'>>,
    token: string,
  ): Promise<void> {
    const shares = await repo.sharesOfInvitation(this.deps.db, invitation.id);
    const first = shares[0];
    if (!first) return;
    const brand = this.deps.brandForPartner(owner.partnerId ?? '');
    const origin = this.deps.originForBrand(brand);
    const language = (invitation.language === 'en' ? 'en' : 'de') satisfies UiLanguage;
    const mail = renderInvitationMail({
      brand,
      language,
      origin,
      name: null,
      ownerName: owner.name,
      petNames: pets.map((pet) => pet.name),
      role: first.role as Share['role'],
      startsAt: first.starts_at,
      endsAt: first.ends_at,
      expiresAt: invitation.expires_at,
      url: `${origin}/share/accept?token=${encodeURIComponent(token)}`,
    });
    await this.deps.mailer.send({
      to: invitation.email,
      ...mail,
      kind: SHARE_INVITATION_MAIL,
      partnerId: owner.partnerId,
    });
  }

  /** Every share of all the owner's pets, newest first. */
  async listAll(ownerId: string): Promise<Share[]> {
    return this.answer(await repo.listShares(this.deps.db, ownerId));
  }

  async listOfPet(userId: string, petId: string): Promise<Share[]> {
    const access = await this.deps.access.require(userId, petId, { action: 'read', resource: 'shares' });
    return this.answer(await repo.listShares(this.deps.db, access.ownerId, petId));
  }

  /** The owner's invitation, or 404; accepted or revoked ones are over (409 gone). */
  private async openInvitation(ownerId: string, invitationId: string): Promise<repo.InvitationRow> {
    const invitation = await repo.findInvitation(this.deps.db, invitationId);
    if (!invitation || invitation.owner_id !== ownerId) throw notFound('No such invitation');
    if (invitation.accepted_at || invitation.revoked_at)
      throw conflict(SHARE_KEYS.invitationGone, 'The invitation was accepted or revoked');
    return invitation;
  }

  /** A new link and INVITATION_VALID_DAYS more; the old link stops working. */
  async resend(ownerId: string, invitationId: string): Promise<Share[]> {
    const { db, kind } = this.deps;
    const invitation = await this.openInvitation(ownerId, invitationId);
    const owner = await repo.findPerson(db, ownerId);
    if (!owner) throw notFound('No such user');
    const now = this.nowIso();
    const token = randomBytes(TOKEN_BYTES).toString('base64url');
    const expiresAt = new Date(Date.parse(now) + INVITATION_VALID_DAYS * DAY_MS).toISOString();
    const open = (await repo.sharesOfInvitation(db, invitationId)).filter((s) => !s.ended_at);
    if (open.length === 0) throw conflict(SHARE_KEYS.invitationGone, 'Every share of it has ended');
    const petIds = open.map((s) => s.pet_id);
    await db.transaction().execute(async (trx) => {
      // An expired invitation held no place: it counts again only if there is room.
      await assertCanAddShareMembers(trx, kind, ownerId, async (t) =>
        Math.max(...(await repo.liveShareCounts(t, petIds, now, invitationId))),
      );
      if (await repo.hasLiveShare(trx, petIds, invitation.email, now, invitationId))
        throw conflict(SHARE_KEYS.duplicate, 'Already invited to or sharing one of these pets');
      const updated = await trx
        .updateTable('pet_invitation')
        .set({ token_hash: hashInvitationToken(token), sent_at: now, expires_at: expiresAt })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw conflict(SHARE_KEYS.invitationGone);
    });
    await this.sendInvitation(
      owner,
      { ...invitation, expires_at: expiresAt },
      open.map((s) => ({ name: s.pet_name })),
      token,
    );
    return this.answer(await repo.sharesOfInvitation(db, invitationId));
  }

  /** Revokes a pending invitation: its link stops working and its shares end. */
  async revokeInvitation(ownerId: string, invitationId: string): Promise<void> {
    await this.openInvitation(ownerId, invitationId);
    const now = this.nowIso();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('pet_invitation')
        .set({ revoked_at: now })
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .execute();
      const shares = await repo.sharesOfInvitation(trx, invitationId);
      await repo.endShares(
        trx,
        shares.filter((s) => !s.accepted_at).map((s) => s.id),
        'revoked',
        now,
      );
    });
  }

  /** The invitation behind a link while it can be accepted, else undefined. */
  private async liveInvitation(db: Kysely<Database> | Transaction<Database>, token: string) {
    const invitation = await repo.findInvitationByTokenHash(db, hashInvitationToken(token));
    if (!invitation || invitation.revoked_at || invitation.expires_at <= this.nowIso()) return undefined;
    return invitation;
  }

  /** The public look at a link (rate-limited per address); every dead link is the same 404. */
  async preview(token: string, ip: string): Promise<InvitationPreview> {
    const { db, limiter } = this.deps;
    await limiter.enforce([`share-invitation:ip:${ip}`, INVITATION_PREVIEW_PER_IP]);
    const invitation = await this.liveInvitation(db, token);
    if (!invitation || invitation.accepted_at) throw gone();
    const shares = (await repo.sharesOfInvitation(db, invitation.id)).filter((s) => !s.ended_at);
    const owner = await repo.findPerson(db, invitation.owner_id);
    const first = shares[0];
    if (!first || !owner) throw gone();
    const pets = await db
      .selectFrom('pet')
      .select(['id', 'name', 'pet_type'])
      .where(
        'id',
        'in',
        shares.map((s) => s.pet_id),
      )
      .orderBy('name')
      .execute();
    return {
      owner_name: owner.name,
      email: invitation.email,
      role: first.role as Share['role'],
      pets: pets.map((pet) => ({
        id: pet.id,
        name: pet.name,
        type: pet.pet_type as InvitationPreview['pets'][number]['type'],
      })),
      starts_at: first.starts_at,
      ends_at: first.ends_at,
      expires_at: invitation.expires_at,
      account_exists: (await repo.findPersonByEmail(db, invitation.email)) !== undefined,
    };
  }

  /** Registration from a link: it can still be accepted and was sent to `email` (else 404/403). */
  async assertInvited(token: string, email: string): Promise<true> {
    const invitation = await this.liveInvitation(this.deps.db, token);
    if (!invitation || invitation.accepted_at) throw gone();
    if (invitation.email !== email.toLowerCase())
      throw forbidden(SHARE_KEYS.otherEmail, 'The invitation was sent to another address');
    return true;
  }

  /**
   * The signed-in invitee accepts: every open share of the invitation becomes theirs, the window
   * jobs are scheduled, and shares whose window is open now are announced to both. Accepting
   * again answers the same.
   */
  async accept(
    user: { id: string; email: string },
    token: string,
  ): Promise<{ pet_id: string; share_ids: string[] }> {
    const { db } = this.deps;
    const invitation = await repo.findInvitationByTokenHash(db, hashInvitationToken(token));
    if (invitation?.accepted_at && invitation.accepted_by === user.id)
      return this.accepted(invitation.id, user.id);
    const live = await this.liveInvitation(db, token);
    if (!live || live.accepted_at) throw gone();
    if (live.owner_id === user.id || live.email !== user.email.toLowerCase())
      throw forbidden(SHARE_KEYS.otherEmail, 'The invitation was sent to another address');
    const now = this.nowIso();
    const won = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('pet_invitation')
        .set({ accepted_at: now, accepted_by: user.id })
        .where('id', '=', live.id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return false;
      await trx
        .updateTable('pet_share')
        .set({ member_id: user.id, accepted_at: now, updated_at: now })
        .where('invitation_id', '=', live.id)
        .where('ended_at', 'is', null)
        .execute();
      for (const share of await repo.sharesOfInvitation(trx, live.id)) {
        if (share.member_id !== user.id) continue;
        await this.deps.endings.scheduleWindow(trx, share);
        const open = (!share.starts_at || share.starts_at <= now) && (!share.ends_at || share.ends_at > now);
        if (open) await this.deps.endings.notify(trx, share, 'started', 'both');
      }
      return true;
    });
    if (!won) {
      // A parallel accept came first: the same answer if it was this user's.
      const again = await repo.findInvitation(db, live.id);
      if (again?.accepted_by !== user.id) throw gone();
    }
    this.deps.endings.poke();
    return this.accepted(live.id, user.id);
  }

  private async accepted(invitationId: string, userId: string) {
    const shares = (await repo.sharesOfInvitation(this.deps.db, invitationId)).filter(
      (s) => s.member_id === userId,
    );
    const first = shares[0];
    if (!first) throw gone();
    return { pet_id: first.pet_id, share_ids: shares.map((s) => s.id) };
  }

  /** The owner's share that has not ended, or 404 (the policy's 403 for a co-owner). */
  private async ownersOpenShare(ownerId: string, shareId: string): Promise<repo.ShareListRow> {
    const share = await repo.findShare(this.deps.db, shareId);
    if (!share) throw shareNotFound();
    await this.deps.access.require(ownerId, share.pet_id, { action: 'update', resource: 'shares' });
    return share;
  }

  /** The owner changes role, window or reminders; the window jobs follow the new window. */
  async update(ownerId: string, shareId: string, body: ShareUpdateBody): Promise<Share> {
    const share = await this.ownersOpenShare(ownerId, shareId);
    const now = this.nowIso();
    const state = repo.shareState(share, now);
    if (state !== 'invited' && state !== 'scheduled' && state !== 'active') throw shareNotFound();
    const startsAt = body.starts_at === undefined ? share.starts_at : utc(body.starts_at);
    const endsAt = body.ends_at === undefined ? share.ends_at : utc(body.ends_at);
    checkWindow(startsAt, endsAt, now);
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('pet_share')
        .set({
          role: body.role ?? share.role,
          reminders: body.reminders === undefined ? share.reminders : body.reminders ? 1 : 0,
          starts_at: startsAt,
          ends_at: endsAt,
          updated_at: now,
        })
        .where('id', '=', shareId)
        .execute();
      if (share.accepted_at)
        await this.deps.endings.scheduleWindow(trx, { id: shareId, starts_at: startsAt, ends_at: endsAt });
      const access = await this.deps.access.require(
        ownerId,
        share.pet_id,
        { action: 'update', resource: 'shares' },
        { db: trx },
      );
      await recordPetActivity(trx, access, 'updated', 'share', shareId, body.role ?? share.role, now);
    });
    return repo.toShare((await repo.findShare(this.deps.db, shareId))!, now);
  }

  /** The owner ends a share at once (an accepted one is announced to both). */
  async revoke(ownerId: string, shareId: string): Promise<void> {
    const share = await this.ownersOpenShare(ownerId, shareId);
    await this.end(share, 'revoked', ownerId);
  }

  /** The member leaves. */
  async leave(memberId: string, shareId: string): Promise<void> {
    const share = await repo.findShare(this.deps.db, shareId);
    if (!share || share.member_id !== memberId) throw shareNotFound();
    await this.end(share, 'left', memberId);
  }

  private async end(share: repo.ShareListRow, reason: 'revoked' | 'left', actorId: string): Promise<void> {
    const now = this.nowIso();
    const state = repo.shareState(share, now);
    // Over already: nothing to end, nobody to tell (ending twice answers the same).
    if (state !== 'invited' && state !== 'scheduled' && state !== 'active') return;
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.endShares(trx, [share.id], reason, now);
      if (share.accepted_at) await this.deps.endings.notify(trx, share, reason, 'both');
      const pet = await trx
        .selectFrom('pet')
        .selectAll()
        .where('id', '=', share.pet_id)
        .executeTakeFirstOrThrow();
      await recordPetActivity(
        trx,
        {
          pet,
          ownerId: share.owner_id,
          actorId,
          relation: reason === 'left' ? (share.role as Share['role']) : 'owner',
        },
        'deleted',
        'share',
        share.id,
        share.role,
        now,
      );
    });
    this.deps.endings.poke();
  }

  /** The pet's activity log (owner and co-owners), newest first, 50 a page. */
  async activity(userId: string, petId: string, before: string | undefined) {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'activity' });
    const [at = '', id] = (before ?? '').split('|');
    if (before && Number.isNaN(Date.parse(at))) throw badRequest('Bad_Request_Text', 'before');
    const cursor = before ? { at: utc(at)!, id: id || null } : null;
    const rows = await repo.activityPage(this.deps.db, petId, cursor);
    const entries = rows.slice(0, repo.ACTIVITY_PAGE);
    const last = entries.at(-1);
    return {
      entries,
      next_before: rows.length > repo.ACTIVITY_PAGE && last ? `${last.at}|${last.id}` : null,
    };
  }

  /** myinfo's shared_pets: the pets shared with the user now. */
  async sharedPets(userId: string): Promise<SharedPet[]> {
    const rows = await repo.activeSharedPets(this.deps.db, userId, this.nowIso());
    return rows.map(({ image_key, ...pet }) => ({ ...pet, image_url: this.deps.petImageUrl(image_key) }));
  }
}
