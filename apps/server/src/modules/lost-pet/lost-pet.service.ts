import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { BrandConfig, PetTag, PetTagActivity, PetTagUpdate, UiLanguage } from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { fromDbBool, toDbBool } from '../../db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { pdfRendererIn, type PdfRenderer } from '../../platform/pdf/index.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import type { PetAccess, PetAccessPolicy } from '../pets/pet-access.ts';
import { assertPaidExtrasAllowed, paidExtrasAllowed } from '../plans/plan-limits.ts';
import { finderPhoto } from './finder-photo.ts';
import { renderAccessMail, renderFinderMail } from './lost-pet.mails.ts';
import * as repo from './lost-pet.repo.ts';
import { coarseDevice } from './user-agent.ts';
import type * as TagSheetPdf from './tag-sheet.pdf.ts';
import type { TagSheetData } from './tag-sheet.pdf.ts';

const TAG_SHEET_PDF = pdfRendererIn<typeof TagSheetPdf>(new URL('./tag-sheet.pdf.ts', import.meta.url))(
  'renderTagSheet',
);

/** 128 random bits per tag: guessing one is hopeless, and guesses are rate-limited anyway. */
const TAG_TOKEN_BYTES = 16;
export const TAG_LIMITS = {
  /** Openings of tag pages per client address (a finder opens one page a few times). */
  pagePerIp: { window: 600, max: 60 },
  /** Openings of one tag (bounds the owner's access mails too). */
  pagePerTag: { window: 600, max: 120 },
  /** Finder messages per client address and per tag. */
  reportPerIp: { window: 3600, max: 5 },
  reportPerTag: { window: 3600, max: 10 },
  /** At most one access mail per tag in this window: a finder reloading the page is one event. */
  accessMailPerTag: { window: 300, max: 1 },
} as const satisfies Record<string, RateLimitRule>;

const ACTIVITY_LIMIT = 50;

const DEFAULT_SETTINGS = {
  show_owner_name: true,
  show_phone: true,
  show_message: false,
  message: null,
  show_medical: true,
  show_vet_phone: false,
  notify_on_access: false,
} as const;

export interface LostPetServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  mailer: Mailer;
  pdf: PdfRenderer;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
  language: (userId: string) => Promise<UiLanguage | null>;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  now: () => Date;
  access: PetAccessPolicy;
}

type Db = Parameters<typeof repo.findTag>[0];

/** What the public tag page shows: only what the owner switched on. */
export interface FoundPageModel {
  token: string;
  brand: BrandConfig;
  origin: string;
  petName: string;
  petType: string;
  photoUrl: string | null;
  ownerName: string | null;
  ownerPhone: string | null;
  message: string | null;
  alerts: Array<{ kind: 'allergy' | 'medication'; name: string; dosage: string | null }>;
  vetPhone: string | null;
}

/**
 * The lost-pet tag (issue 17): a per-pet random token printed as QR codes that opens a public page
 * with what the owner chose to show; finders message the owner from it; every public opening is
 * recorded for the owner. Paid-plan extra (plan-limits.ts). A switched-off tag, a pet of an owner
 * back on the free plan, a banned or deleting owner: the page is simply not found.
 */
export class LostPetService {
  constructor(private readonly deps: LostPetServiceDeps) {}

  async get(userId: string, petId: string, brand: BrandConfig): Promise<PetTag> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'lost_pet_tag' });
    return this.tagOf(this.deps.db, petId, brand);
  }

  private async tagOf(db: Db, petId: string, brand: BrandConfig): Promise<PetTag> {
    const row = await repo.findTag(db, petId);
    if (!row) return { ...DEFAULT_SETTINGS, enabled: false, url: null, created_at: null };
    return this.toPetTag(row, brand);
  }

  /**
   * A change of the tag by the owner or a member whose role allows it, in one transaction with its
   * activity line. The tag is a paid extra of the pet's owner's plan.
   */
  private async changeTag(
    userId: string,
    petId: string,
    change: (trx: Db, access: PetAccess, now: string) => Promise<void>,
  ): Promise<void> {
    const check = { action: 'update', resource: 'lost_pet_tag' } as const;
    const { ownerId } = await this.deps.access.require(userId, petId, check);
    await assertPaidExtrasAllowed(this.deps.db, ownerId);
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.require(userId, petId, check, { db: trx });
      await change(trx, access, this.deps.now().toISOString());
      await this.deps.access.logActivity(trx, access, 'updated', 'lost_pet_tag', petId, access.pet.name);
    });
  }

  /** Changes the switches and message; the first change makes the tag. Left-out fields are kept. */
  async update(userId: string, petId: string, body: PetTagUpdate, brand: BrandConfig): Promise<PetTag> {
    const changes = Object.fromEntries(
      Object.entries(body)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, typeof value === 'boolean' ? toDbBool(value) : value || null]),
    );
    await this.changeTag(userId, petId, async (trx, access, now) => {
      if (await repo.findTag(trx, petId)) {
        await trx
          .updateTable('pet_tag')
          .set({ ...changes, updated_at: now })
          .where('pet_id', '=', petId)
          .execute();
      } else {
        await this.insertTag(trx, access.ownerId, petId, changes, now);
      }
    });
    return this.tagOf(this.deps.db, petId, brand);
  }

  /** A new token: tags printed before stop working at once. Also switches the tag on. */
  async regenerate(userId: string, petId: string, brand: BrandConfig): Promise<PetTag> {
    await this.changeTag(userId, petId, async (trx, access, now) => {
      if (await repo.findTag(trx, petId)) {
        await trx
          .updateTable('pet_tag')
          .set({ token: newToken(), enabled: 1, updated_at: now })
          .where('pet_id', '=', petId)
          .execute();
      } else {
        await this.insertTag(trx, access.ownerId, petId, {}, now);
      }
    });
    return this.tagOf(this.deps.db, petId, brand);
  }

  /** Switches the tag off: its page answers not found until it is switched on again. */
  async switchOff(userId: string, petId: string): Promise<void> {
    const check = { action: 'update', resource: 'lost_pet_tag' } as const;
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.require(userId, petId, check, { db: trx });
      await trx
        .updateTable('pet_tag')
        .set({ enabled: 0, updated_at: this.deps.now().toISOString() })
        .where('pet_id', '=', petId)
        .execute();
      await this.deps.access.logActivity(trx, access, 'updated', 'lost_pet_tag', petId, access.pet.name);
    });
  }

  /** The printable sheet (wallet cards and collar stickers), rendered off the event loop. */
  async sheet(userId: string, petId: string, language: UiLanguage, brand: BrandConfig): Promise<Buffer> {
    const { pet, ownerId } = await this.deps.access.require(userId, petId, {
      action: 'read',
      resource: 'lost_pet_tag',
    });
    await assertPaidExtrasAllowed(this.deps.db, ownerId);
    const row = await repo.findTag(this.deps.db, petId);
    if (!row || !fromDbBool(row.enabled)) throw notFound('The pet has no tag switched on');
    const data: TagSheetData = {
      language,
      brandName: brand.name,
      petName: pet.name,
      url: this.pageUrl(row.token, brand),
    };
    return this.deps.pdf.render(TAG_SHEET_PDF, data);
  }

  async activity(userId: string, petId: string): Promise<PetTagActivity> {
    const { ownerId } = await this.deps.access.require(userId, petId, {
      action: 'read',
      resource: 'lost_pet_tag',
    });
    const [accesses, reports] = await Promise.all([
      repo.listAccesses(this.deps.db, ownerId, petId, ACTIVITY_LIMIT),
      repo.listReports(this.deps.db, petId, ACTIVITY_LIMIT),
    ]);
    return {
      accesses: accesses.map((row) => ({ kind: row.kind, device: row.device, at: row.created_at })),
      reports: reports.map((row) => ({
        ...row,
        latitude: row.latitude === null ? null : Number(row.latitude),
        longitude: row.longitude === null ? null : Number(row.longitude),
      })),
    };
  }

  // --- Public: the finder's side ------------------------------------------------------------------

  /** The tag page's content; records the opening and mails the owner when asked to. */
  async openPage(
    token: string,
    client: { ip: string; userAgent: string | undefined },
  ): Promise<FoundPageModel> {
    await this.deps.limiter.enforce([`tag:page:ip:${client.ip}`, TAG_LIMITS.pagePerIp]);
    const tag = await this.activeTag(token);
    await this.deps.limiter.enforce([`tag:page:tag:${tag.pet_id}`, TAG_LIMITS.pagePerTag]);
    const brand = this.deps.brandForPartner(tag.partner_id);
    const device = coarseDevice(client.userAgent);
    const at = this.deps.now().toISOString();
    await repo.recordAccess(this.deps.db, {
      userId: tag.user_id,
      petId: tag.pet_id,
      kind: 'tag',
      device,
      at,
    });
    if (fromDbBool(tag.notify_on_access)) await this.mailAccess(tag, brand, { kind: 'tag', device, at });
    return this.pageModel(tag, token);
  }

  /** The page shown again after the finder's form (not a new opening). */
  async pageAfterReport(token: string): Promise<FoundPageModel> {
    return this.pageModel(await this.activeTag(token), token);
  }

  private async pageModel(tag: repo.TagWithOwner, token: string): Promise<FoundPageModel> {
    const brand = this.deps.brandForPartner(tag.partner_id);
    const [alerts, vetPhone] = await Promise.all([
      fromDbBool(tag.show_medical) ? repo.medicalAlerts(this.deps.db, tag.pet_id) : Promise.resolve([]),
      fromDbBool(tag.show_vet_phone) ? repo.vetPhone(this.deps.db, tag.pet_id) : Promise.resolve(null),
    ]);
    // The small derivative, not the upload: the whole page stays under 20 KB (finder-photo.ts).
    const photoKey = tag.image_key
      ? await finderPhoto(this.deps.storage, tag.image_key, this.deps.log)
      : null;
    return {
      token,
      brand,
      origin: this.deps.originForBrand(brand),
      petName: tag.pet_name,
      petType: tag.pet_type,
      photoUrl: photoKey
        ? this.deps.storage.signedUrl(photoKey, { expiresInSeconds: 3600, disposition: 'inline' })
        : null,
      ownerName: fromDbBool(tag.show_owner_name) ? firstName(tag.owner_name) : null,
      ownerPhone: fromDbBool(tag.show_phone) ? tag.owner_phone : null,
      message: fromDbBool(tag.show_message) ? tag.message : null,
      alerts: alerts.map((row) => ({
        kind: row.medical_type as 'allergy' | 'medication',
        name: row.name,
        dosage: row.dosage,
      })),
      vetPhone,
    };
  }

  /** A finder's message: stored for the owner and mailed at once. */
  async report(
    token: string,
    form: { message: string; phone: string; latitude?: number; longitude?: number },
    client: { ip: string },
  ): Promise<void> {
    await this.deps.limiter.enforce([`tag:report:ip:${client.ip}`, TAG_LIMITS.reportPerIp]);
    const tag = await this.activeTag(token);
    await this.deps.limiter.enforce([`tag:report:tag:${tag.pet_id}`, TAG_LIMITS.reportPerTag]);
    const located = form.latitude !== undefined && form.longitude !== undefined;
    const report = {
      id: randomUUID(),
      pet_id: tag.pet_id,
      user_id: tag.user_id,
      message: form.message,
      phone: form.phone,
      latitude: located ? form.latitude! : null,
      longitude: located ? form.longitude! : null,
      created_at: this.deps.now().toISOString(),
    };
    await this.deps.db.insertInto('finder_report').values(report).execute();
    const brand = this.deps.brandForPartner(tag.partner_id);
    const language = (await this.deps.language(tag.user_id)) ?? 'de';
    await this.deps.mailer.send({
      to: tag.owner_email,
      kind: 'lost-pet-finder',
      partnerId: brand.partnerId,
      ...renderFinderMail({
        brand,
        language,
        origin: this.deps.originForBrand(brand),
        ownerName: tag.owner_name,
        pet: { id: tag.pet_id, name: tag.pet_name },
        report,
      }),
    });
  }

  /**
   * The public emergency download of an owner (emergency module): recorded for every pet's activity
   * and mailed when one of the owner's tags asks for access mails.
   */
  async recordEmergencyAccess(userId: string, userAgent: string | undefined): Promise<void> {
    const device = coarseDevice(userAgent);
    const at = this.deps.now().toISOString();
    await repo.recordAccess(this.deps.db, { userId, petId: null, kind: 'emergency', device, at });
    const tag = await this.deps.db
      .selectFrom('pet_tag')
      .select('token')
      .where('user_id', '=', userId)
      .where('notify_on_access', '=', 1)
      .executeTakeFirst();
    if (!tag) return;
    const withOwner = await repo.findTagByToken(this.deps.db, tag.token);
    if (withOwner) {
      await this.mailAccess(withOwner, this.deps.brandForPartner(withOwner.partner_id), {
        kind: 'emergency',
        device,
        at,
      });
    }
  }

  private async activeTag(token: string): Promise<repo.TagWithOwner> {
    const tag = await repo.findTagByToken(this.deps.db, token);
    const usable =
      tag &&
      fromDbBool(tag.enabled) &&
      !tag.owner_banned &&
      !tag.deletion_requested_at &&
      (await paidExtrasAllowed(this.deps.db, tag.user_id));
    if (!usable) throw notFound('No such tag');
    return tag;
  }

  private async mailAccess(
    tag: repo.TagWithOwner,
    brand: BrandConfig,
    access: { kind: 'tag' | 'emergency'; device: string; at: string },
  ): Promise<void> {
    const key = `tag:access-mail:${tag.user_id}:${access.kind}`;
    if (!(await this.deps.limiter.consume(key, TAG_LIMITS.accessMailPerTag)).allowed) return;
    const language = (await this.deps.language(tag.user_id)) ?? 'de';
    await this.deps.mailer.send({
      to: tag.owner_email,
      kind: 'lost-pet-access',
      partnerId: brand.partnerId,
      ...renderAccessMail({
        brand,
        language,
        origin: this.deps.originForBrand(brand),
        ownerName: tag.owner_name,
        pet: { id: tag.pet_id, name: tag.pet_name },
        access,
      }),
    });
  }

  private async insertTag(
    db: Db,
    ownerId: string,
    petId: string,
    changes: Record<string, unknown>,
    now: string,
  ) {
    await db
      .insertInto('pet_tag')
      .values({
        pet_id: petId,
        user_id: ownerId,
        token: newToken(),
        enabled: 1,
        show_owner_name: toDbBool(DEFAULT_SETTINGS.show_owner_name),
        show_phone: toDbBool(DEFAULT_SETTINGS.show_phone),
        show_message: toDbBool(DEFAULT_SETTINGS.show_message),
        message: null,
        show_medical: toDbBool(DEFAULT_SETTINGS.show_medical),
        show_vet_phone: toDbBool(DEFAULT_SETTINGS.show_vet_phone),
        notify_on_access: toDbBool(DEFAULT_SETTINGS.notify_on_access),
        ...changes,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  private pageUrl(token: string, brand: BrandConfig): string {
    return `${this.deps.originForBrand(brand)}/found/${token}`;
  }

  private toPetTag(row: repo.PetTagRow, brand: BrandConfig): PetTag {
    return {
      enabled: fromDbBool(row.enabled),
      url: this.pageUrl(row.token, brand),
      created_at: row.created_at,
      show_owner_name: fromDbBool(row.show_owner_name),
      show_phone: fromDbBool(row.show_phone),
      show_message: fromDbBool(row.show_message),
      message: row.message,
      show_medical: fromDbBool(row.show_medical),
      show_vet_phone: fromDbBool(row.show_vet_phone),
      notify_on_access: fromDbBool(row.notify_on_access),
    };
  }
}

const newToken = () => randomBytes(TAG_TOKEN_BYTES).toString('base64url');

/** A finder sees the first name only. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
