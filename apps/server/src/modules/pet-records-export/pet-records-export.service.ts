import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import {
  EXPORT_KEYS,
  HANDOVER_LINK_DAYS,
  HANDOVER_MAX_INPUT_BYTES,
  isDateBeforeToday,
  petRecordFileName,
  type BrandConfig,
  type HandoverLink,
  type UiLanguage,
  type Schedule,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { pdfRendererIn, type PdfRenderer } from '../../platform/pdf/index.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import type { AppointmentsService } from '../appointments/appointments.service.ts';
import type { ContactsService } from '../contacts/contacts.service.ts';
import { findOwnerContact } from '../identity/identity.repo.ts';
import type { MedicalService } from '../medical/medical.service.ts';
import type { PetsService } from '../pets/pets.service.ts';
import { refuseUnless, type PetAccessPolicy } from '../pets/pet-access.ts';
import { assertPaidExtrasAllowed, paidExtrasAllowed } from '../plans/plan-limits.ts';
import * as repo from './pet-records-export.repo.ts';
import { joinAddress, medicationsOf, petHeader, vaccinationsOf, vetsOf } from './record-data.ts';
import type * as HandoverPdf from './handover.pdf.ts';
import type { HandoverData, HandoverFile } from './handover.pdf.ts';
import type * as RecordPdf from './record.pdf.ts';
import type { PetRecordData, RecordLanguage } from './record.pdf.ts';

const PET_RECORD_PDF = pdfRendererIn<typeof RecordPdf>(new URL('./record.pdf.ts', import.meta.url))(
  'renderPetRecordJob',
);
const HANDOVER_PDF = pdfRendererIn<typeof HandoverPdf>(new URL('./handover.pdf.ts', import.meta.url))(
  'renderHandoverJob',
);

/** 128 random bits per share link: never an id, not guessable, and guesses are rate-limited. */
const LINK_TOKEN_BYTES = 16;

export const HANDOVER_LIMITS = {
  /** Openings of share-link pages and downloads per client address. */
  pagePerIp: { window: 600, max: 60 },
  downloadPerIp: { window: 600, max: 20 },
  /** Downloads of one link (each builds the PDF). */
  downloadPerLink: { window: 3600, max: 30 },
} as const satisfies Record<string, RateLimitRule>;

/** Image types drawn as they are; other images are converted with sharp first. */
const EMBEDDABLE_IMAGES = new Set(['jpg', 'png']);
const CONVERTIBLE_IMAGES = new Set(['webp', 'gif', 'bmp', 'tif', 'heic']);

export interface ExportsServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  pdf: PdfRenderer;
  limiter: RateLimiter;
  pets: PetsService;
  medical: MedicalService;
  contacts: ContactsService;
  appointments: AppointmentsService;
  log: FastifyBaseLogger;
  language: (userId: string) => Promise<UiLanguage | null>;
  brandForPartner: (partnerId: string) => BrandConfig;
  originForBrand: (brand: BrandConfig) => string;
  now: () => Date;
  access: PetAccessPolicy;
  /** The current care-plan schedules of a pet (issue 36), shown with its medications. */
  careSchedules?: (petId: string) => Promise<Schedule[]>;
}

async function schedulesBy(deps: ExportsServiceDeps, petId: string): Promise<Map<string, Schedule>> {
  const schedules = (await deps.careSchedules?.(petId)) ?? [];
  return new Map(schedules.map((schedule) => [schedule.med_id, schedule]));
}

export interface ExportFile {
  fileName: string;
  pdf: Buffer;
}

/** What the public share-link page shows. */
export interface HandoverPageModel {
  token: string;
  brand: BrandConfig;
  petName: string;
  documentCount: number;
  expiresAt: string;
}

/**
 * Exports (issue 17): the pet's vaccination and medication record, and the vet handover (one PDF
 * of a summary and chosen documents, downloaded at once or shared through a 7-day link that the
 * owner can revoke and whose downloads are counted). Paid-plan extras of the pet owner's plan
 * (plan-limits.ts); every id goes through the pet access rule (owner or member, else 404). Once
 * that allowed it, the data of other areas is read through their services as the pet's owner.
 */
export class ExportsService {
  constructor(private readonly deps: ExportsServiceDeps) {}

  // --- Vaccination and medication record -------------------------------------------------------

  async record(userId: string, petId: string, brand: BrandConfig): Promise<ExportFile> {
    const { ownerId } = await this.deps.access.require(userId, petId, {
      action: 'read',
      resource: 'records_export',
    });
    await assertPaidExtrasAllowed(this.deps.db, ownerId);
    const pet = await this.deps.pets.get(ownerId, petId);
    const language = await this.languageOf(userId);
    const [medical, appointments] = await Promise.all([
      this.deps.medical.list(ownerId, petId),
      this.deps.appointments.listForPet(ownerId, petId),
    ]);
    const data: PetRecordData = {
      language,
      brand: { name: brand.name, supportEmail: brand.supportEmail },
      createdAt: this.deps.now(),
      pet: petHeader(pet, language),
      vaccinations: vaccinationsOf(appointments, this.deps.now()),
      medications: medicationsOf(medical, language, await schedulesBy(this.deps, petId)),
      allergies: medical
        .filter((row) => row.medical_medical_type === 'allergy')
        .map((row) => ({ name: row.medical_name, since: row.known_since ?? row.medical_date ?? null })),
    };
    const pdf = await this.deps.pdf.render(PET_RECORD_PDF, { data });
    return { fileName: petRecordFileName(pet.name, language), pdf };
  }

  // --- Vet handover: owner ---------------------------------------------------------------------

  /** The handover PDF at once (POST /v1/pet/handover with mode pdf). */
  async handoverPdf(
    userId: string,
    petId: string,
    documentIds: readonly string[],
    brand: BrandConfig,
  ): Promise<ExportFile> {
    const { ownerId } = await this.deps.access.require(userId, petId, {
      action: 'read',
      resource: 'records_export',
    });
    await assertPaidExtrasAllowed(this.deps.db, ownerId);
    const documents = await this.requireDocuments(petId, documentIds);
    return this.buildHandover(ownerId, petId, documents, brand, userId);
  }

  /** A share link (POST /v1/pet/handover with mode link): the PDF is made on each download. */
  async createLink(
    userId: string,
    petId: string,
    documentIds: readonly string[],
    brand: BrandConfig,
  ): Promise<HandoverLink> {
    const check = { action: 'create', resource: 'handover_link' } as const;
    const { ownerId } = await this.deps.access.require(userId, petId, check);
    await assertPaidExtrasAllowed(this.deps.db, ownerId);
    await this.requireDocuments(petId, documentIds);
    const now = this.deps.now();
    const row: repo.HandoverLinkRow = {
      id: randomUUID(),
      token: randomBytes(LINK_TOKEN_BYTES).toString('base64url'),
      user_id: ownerId,
      pet_id: petId,
      document_ids: JSON.stringify(documentIds),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + HANDOVER_LINK_DAYS * 86_400_000).toISOString(),
      revoked_at: null,
      downloads: 0,
      last_download_at: null,
    };
    await this.deps.db.transaction().execute(async (trx) => {
      const access = await this.deps.access.require(userId, petId, check, { db: trx });
      await repo.insertLink(trx, row);
      await this.deps.access.logActivity(trx, access, 'created', 'handover', row.id, access.pet.name);
    });
    return this.toLink(row, brand);
  }

  async links(userId: string, petId: string, brand: BrandConfig): Promise<HandoverLink[]> {
    await this.deps.access.require(userId, petId, { action: 'read', resource: 'handover_link' });
    return (await repo.listLinks(this.deps.db, petId)).map((row) => this.toLink(row, brand));
  }

  /** Revokes a link of the pet: its page and PDF answer 404 from now on. */
  async revoke(userId: string, linkId: string, brand: BrandConfig): Promise<HandoverLink> {
    const missing = () => notFound('No such share link');
    await this.deps.db.transaction().execute(async (trx) => {
      const link = await repo.findLink(trx, linkId);
      if (!link) throw missing();
      const access = await this.deps.access.find(userId, link.pet_id, { db: trx });
      if (!access) throw missing();
      refuseUnless(access, { action: 'delete', resource: 'handover_link' });
      if (await repo.revokeLink(trx, linkId, this.deps.now().toISOString())) {
        await this.deps.access.logActivity(trx, access, 'deleted', 'handover', linkId, access.pet.name);
      }
    });
    return this.toLink((await repo.findLink(this.deps.db, linkId))!, brand);
  }

  // --- Vet handover: the public share link -----------------------------------------------------

  async openPage(token: string, client: { ip: string }): Promise<HandoverPageModel> {
    await this.deps.limiter.enforce([`handover:page:ip:${client.ip}`, HANDOVER_LIMITS.pagePerIp]);
    const { link, owner } = await this.activeLink(token);
    return {
      token,
      brand: this.deps.brandForPartner(owner.partnerId),
      petName: link.pet_name,
      documentCount: (JSON.parse(link.document_ids) as string[]).length,
      expiresAt: link.expires_at,
    };
  }

  /** The link's PDF, made now (documents deleted meanwhile are left out); counts the download. */
  async download(token: string, client: { ip: string }): Promise<ExportFile> {
    await this.deps.limiter.enforce([`handover:download:ip:${client.ip}`, HANDOVER_LIMITS.downloadPerIp]);
    const { link, owner } = await this.activeLink(token);
    await this.deps.limiter.enforce([`handover:download:link:${link.id}`, HANDOVER_LIMITS.downloadPerLink]);
    const documents = await repo.documentsOfPet(
      this.deps.db,
      link.pet_id,
      JSON.parse(link.document_ids) as string[],
    );
    const file = await this.buildHandover(
      link.user_id,
      link.pet_id,
      documents,
      this.deps.brandForPartner(owner.partnerId),
    );
    await repo.countDownload(this.deps.db, link.id, this.deps.now().toISOString());
    return file;
  }

  /** An unknown, revoked or expired link, or one of an owner who is off the paid plans, banned or leaving: 404. */
  private async activeLink(token: string) {
    const link = await repo.findLinkByToken(this.deps.db, token);
    const owner = link ? await findOwnerContact(this.deps.db, link.user_id) : undefined;
    const usable =
      link &&
      owner &&
      !owner.disabled &&
      link.revoked_at === null &&
      new Date(link.expires_at).getTime() > this.deps.now().getTime() &&
      (await paidExtrasAllowed(this.deps.db, link.user_id));
    if (!usable) throw notFound('No such share link');
    return { link, owner };
  }

  // --- Building the handover -------------------------------------------------------------------

  /** The pet's documents of these ids, or 404 when any is not this owner's pet's; 400 past the size cap. */
  private async requireDocuments(petId: string, ids: readonly string[]) {
    const documents = await repo.documentsOfPet(this.deps.db, petId, ids);
    if (documents.length !== ids.length) throw notFound('Document not found');
    assertWithinCap(documents);
    return documents;
  }

  /**
   * The handover of the owner's (`userId`) pet, once access was checked, in the language of
   * `readerId` (the signed-in caller; the owner for a link's download).
   */
  private async buildHandover(
    userId: string,
    petId: string,
    documents: repo.HandoverDocumentRow[],
    brand: BrandConfig,
    readerId = userId,
  ): Promise<ExportFile> {
    assertWithinCap(documents);
    const [pet, owner, language, medical, contacts] = await Promise.all([
      this.deps.pets.get(userId, petId),
      findOwnerContact(this.deps.db, userId),
      this.languageOf(readerId),
      this.deps.medical.list(userId, petId),
      this.deps.contacts.list(userId, petId),
    ]);
    if (!owner) throw notFound('Owner not found');
    const today = this.deps.now();
    const data: HandoverData = {
      language,
      brand: { name: brand.name, supportEmail: brand.supportEmail },
      createdAt: today,
      pet: petHeader(pet, language),
      owner: {
        name: owner.name,
        email: owner.email,
        phone: owner.phone,
        address: joinAddress([
          owner.address1,
          owner.address2,
          [owner.zipcode, owner.city].filter(Boolean).join(' '),
          owner.country,
        ]),
      },
      medications: medicationsOf(medical, language, await schedulesBy(this.deps, petId)).filter(
        (row) => row.inUse === true || (row.inUse === null && (!row.to || !isDateBeforeToday(row.to, today))),
      ),
      alerts: [
        ...medical
          .filter((row) => row.medical_medical_type === 'allergy')
          .map((row) => ({ kind: 'allergy' as const, name: row.medical_name, detail: row.comments ?? null })),
        ...medical
          .filter((row) => row.medical_medical_type === 'disease' && row.still_acute === 'Yes')
          .map((row) => ({ kind: 'disease' as const, name: row.medical_name, detail: row.comments ?? null })),
      ],
      vets: vetsOf(contacts),
      documents: [],
    };
    let read = 0;
    for (const document of documents) {
      const files: HandoverFile[] = [];
      for (const file of document.files) {
        const handoverFile = await this.readFile(
          file,
          () => read,
          (bytes) => (read += bytes),
        );
        files.push(handoverFile);
      }
      data.documents.push({
        documentType: document.document_type,
        description: document.description,
        createdAt: document.created_at,
        files,
      });
    }
    const pdf = await this.deps.pdf.render(HANDOVER_PDF, data);
    const base = language === 'de' ? 'Tierarzt-Uebergabe' : 'Vet-handover';
    const safe = pet.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '');
    return { fileName: `${base}${safe ? `-${safe}` : ''}.pdf`, pdf };
  }

  /** A stored file, streamed from storage and counted against the cap; images made JPEG/PNG. */
  private async readFile(
    file: repo.HandoverDocumentRow['files'][number],
    readSoFar: () => number,
    add: (bytes: number) => void,
  ): Promise<HandoverFile> {
    const isImage = EMBEDDABLE_IMAGES.has(file.ext) || CONVERTIBLE_IMAGES.has(file.ext);
    if (file.ext !== 'pdf' && !isImage) return { ext: file.ext, kind: 'other', bytes: null };
    let bytes: Buffer;
    try {
      const stored = await this.deps.storage.get(file.storage_key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored.stream) {
        add((chunk as Buffer).length);
        if (readSoFar() > HANDOVER_MAX_INPUT_BYTES) {
          stored.stream.destroy();
          throw badRequest(EXPORT_KEYS.tooLarge, 'document_ids', 'The chosen documents are too large');
        }
        chunks.push(chunk as Buffer);
      }
      bytes = Buffer.concat(chunks);
    } catch (error) {
      if ((error as { key?: string }).key === EXPORT_KEYS.tooLarge) throw error;
      // A file missing from storage (a document deleted while this runs) is listed, not included.
      this.deps.log.warn({ err: error, fileId: file.id }, 'handover: a file could not be read');
      return { ext: file.ext, kind: 'other', bytes: null };
    }
    if (file.ext === 'pdf') return { ext: file.ext, kind: 'pdf', bytes };
    if (EMBEDDABLE_IMAGES.has(file.ext)) return { ext: file.ext, kind: 'image', bytes };
    try {
      // sharp decodes off the event loop (libuv pool); the first frame of an animation.
      const png = await sharp(bytes, { limitInputPixels: 100_000_000 }).rotate().png().toBuffer();
      return { ext: file.ext, kind: 'image', bytes: png };
    } catch {
      return { ext: file.ext, kind: 'other', bytes: null };
    }
  }

  private async languageOf(userId: string): Promise<RecordLanguage> {
    const language = await this.deps.language(userId);
    return language === 'en' ? 'en' : 'de';
  }

  private toLink(row: repo.HandoverLinkRow, brand: BrandConfig): HandoverLink {
    const expired = new Date(row.expires_at).getTime() <= this.deps.now().getTime();
    return {
      id: row.id,
      url: `${this.deps.originForBrand(brand)}/handover/${row.token}`,
      pet_id: row.pet_id,
      document_count: (JSON.parse(row.document_ids) as string[]).length,
      created_at: row.created_at,
      expires_at: row.expires_at,
      revoked_at: row.revoked_at,
      status: row.revoked_at ? 'revoked' : expired ? 'expired' : 'active',
      downloads: Number(row.downloads),
      last_download_at: row.last_download_at,
    };
  }
}

function assertWithinCap(documents: repo.HandoverDocumentRow[]): void {
  const total = documents.reduce(
    (sum, document) => sum + document.files.reduce((inner, file) => inner + Number(file.size), 0),
    0,
  );
  if (total > HANDOVER_MAX_INPUT_BYTES) {
    throw badRequest(EXPORT_KEYS.tooLarge, 'document_ids', 'The chosen documents are too large');
  }
}
