import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ACTIVITY_KEEP_MONTHS, type BrandConfig, type ShareRole, type UiLanguage } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/jobs.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import * as repo from './sharing.repo.ts';
import {
  SHARE_ENDED_JOB,
  SHARE_MAIL_JOB,
  SHARE_STARTED_JOB,
  type ShareMailEvent,
  type ShareMailPayload,
} from './sharing.jobs.ts';
import { renderShareNotice, shareMailKind } from './sharing.mails.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface ShareEndingsDeps {
  db: Kysely<Database>;
  clock: Clock;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  language: (userId: string) => Promise<UiLanguage | null>;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
}

/** Who gets a notice about a share: the owner, the member, or both. */
type Recipients = 'owner' | 'member' | 'both';

/**
 * The share's window and its ends: the jobs at `starts_at`/`ends_at`, the notice mails (scheduled
 * in the transaction that decides them), and the ends that come from elsewhere (a pet deleted, an
 * account deleted, a paid plan over). The retention of the activity log is here too.
 */
export class ShareEndings {
  constructor(private readonly deps: ShareEndingsDeps) {}

  private nowIso(): string {
    return this.deps.clock.now().toISOString();
  }

  /** Notice mails about `share`, in the caller's transaction (one job per recipient). */
  async notify(
    trx: Transaction<Database>,
    share: repo.ShareListRow,
    event: ShareMailEvent,
    recipients: Recipients,
  ): Promise<void> {
    if (!share.member_id) return;
    const [owner, member] = await Promise.all([
      repo.findPerson(trx, share.owner_id),
      repo.findPerson(trx, share.member_id),
    ]);
    const base = {
      event,
      petId: share.pet_id,
      petName: share.pet_name,
      role: share.role as ShareRole,
      endsAt: share.ends_at,
    };
    const mails: ShareMailPayload[] = [];
    if (recipients !== 'member' && owner)
      mails.push({ ...base, recipientId: owner.id, toOwner: true, otherName: member?.name ?? share.email });
    if (recipients !== 'owner' && member)
      mails.push({ ...base, recipientId: member.id, toOwner: false, otherName: owner?.name ?? '' });
    for (const payload of mails) {
      await this.deps.jobs.schedule(SHARE_MAIL_JOB, payload, {
        trx,
        dedupeKey: `share.mail:${share.id}:${event}:${payload.recipientId}:${this.nowIso()}`,
      });
    }
  }

  /** Mail jobs were scheduled: this instance sends them now rather than at its next poll. */
  poke(): void {
    this.deps.jobs.poke();
  }

  /** The window jobs of an accepted share (a moved window leaves the old ones stale). */
  async scheduleWindow(
    trx: Transaction<Database>,
    share: { id: string; starts_at: string | null; ends_at: string | null },
  ): Promise<void> {
    const now = this.nowIso();
    if (share.starts_at && share.starts_at > now) {
      await this.deps.jobs.schedule(
        SHARE_STARTED_JOB,
        { shareId: share.id, startsAt: share.starts_at },
        { trx, runAt: new Date(share.starts_at), dedupeKey: `share.started:${share.id}:${share.starts_at}` },
      );
    }
    if (share.ends_at) {
      await this.deps.jobs.schedule(
        SHARE_ENDED_JOB,
        { shareId: share.id, endsAt: share.ends_at },
        { trx, runAt: new Date(share.ends_at), dedupeKey: `share.ended:${share.id}:${share.ends_at}` },
      );
    }
  }

  /** `share.started`: still accepted, not ended early, and its start unchanged: mail both. */
  async windowStarted(shareId: string, startsAt: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const share = await repo.findShare(trx, shareId);
      if (!share?.accepted_at || share.ended_at || share.starts_at !== startsAt) return;
      if (share.ends_at && share.ends_at <= startsAt) return;
      await this.notify(trx, share, 'started', 'both');
    });
  }

  /** `share.ended`: still accepted, not ended early, and its end unchanged: mail both. */
  async windowEnded(shareId: string, endsAt: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const share = await repo.findShare(trx, shareId);
      if (!share?.accepted_at || share.ended_at || share.ends_at !== endsAt) return;
      await this.notify(trx, share, 'ended', 'both');
    });
  }

  /** `share.mail`: rendered in the recipient's language and brand; nobody there, no mail. */
  async sendMail(payload: ShareMailPayload): Promise<void> {
    const recipient = await repo.findPerson(this.deps.db, payload.recipientId);
    if (!recipient) return;
    const brand = this.deps.brandForPartner(recipient.partnerId ?? '');
    const mail = renderShareNotice({
      brand,
      language: (await this.deps.language(recipient.id)) ?? 'de',
      origin: this.deps.originForBrand(brand),
      name: recipient.name,
      event: payload.event,
      toOwner: payload.toOwner,
      pet: { id: payload.petId, name: payload.petName },
      otherName: payload.otherName,
      role: payload.role,
      endsAt: payload.endsAt,
    });
    await this.deps.mailer.send({
      to: recipient.email,
      ...mail,
      kind: shareMailKind(payload.event),
      partnerId: recipient.partnerId,
    });
  }

  /** A pet delete's step: its accepted members still in their window are told (rows cascade). */
  async petDeleted(trx: Transaction<Database>, petId: string): Promise<void> {
    const now = this.nowIso();
    const shares = await repo.listShares(trx, (await petOwner(trx, petId)) ?? '', petId);
    for (const share of shares) {
      if (share.accepted_at && !share.ended_at && !(share.ends_at && share.ends_at <= now))
        await this.notify(trx, share, 'pet_deleted', 'member');
    }
  }

  /**
   * An account's deletion request: every open share of it ends at once (as owner: its members are
   * mailed, its open invitations revoked; as member: the owners are mailed).
   */
  async accountDeleted(trx: Transaction<Database>, userId: string): Promise<void> {
    const now = this.nowIso();
    const asOwner = await repo.openSharesWhere(trx, 'owner_id', userId, now);
    await repo.endShares(
      trx,
      asOwner.map((s) => s.id),
      'account_deleted',
      now,
    );
    for (const share of asOwner)
      if (share.accepted_at) await this.notify(trx, share, 'owner_deleted', 'member');
    await revokeOpenInvitations(trx, userId, now);
    const asMember = await repo.openSharesWhere(trx, 'member_id', userId, now);
    await repo.endShares(
      trx,
      asMember.map((s) => s.id),
      'account_deleted',
      now,
    );
    for (const share of asMember) await this.notify(trx, share, 'member_deleted', 'owner');
  }

  /** The owner's paid plan ended (subscription's plan-periods): sharing needs one, so all end. */
  async planEnded(trx: Transaction<Database>, ownerId: string): Promise<void> {
    const now = this.nowIso();
    const shares = await repo.openSharesWhere(trx, 'owner_id', ownerId, now);
    await repo.endShares(
      trx,
      shares.map((s) => s.id),
      'plan_ended',
      now,
    );
    for (const share of shares) if (share.accepted_at) await this.notify(trx, share, 'plan_ended', 'both');
    await revokeOpenInvitations(trx, ownerId, now);
  }

  /** Activity lines older than ACTIVITY_KEEP_MONTHS go (the daily job). */
  async applyRetention(): Promise<number> {
    const cutoff = this.deps.clock.now();
    cutoff.setUTCMonth(cutoff.getUTCMonth() - ACTIVITY_KEEP_MONTHS);
    const result = await this.deps.db
      .deleteFrom('pet_activity')
      .where('at', '<', cutoff.toISOString())
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

async function petOwner(db: Db, petId: string): Promise<string | undefined> {
  return (await db.selectFrom('pet').select('user_id').where('id', '=', petId).executeTakeFirst())?.user_id;
}

/** The owner's invitations nobody accepted yet stop working. */
async function revokeOpenInvitations(db: Db, ownerId: string, now: string): Promise<void> {
  await db
    .updateTable('pet_invitation')
    .set({ revoked_at: now })
    .where('owner_id', '=', ownerId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
