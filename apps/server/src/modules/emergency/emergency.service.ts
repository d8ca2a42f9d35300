import type { Kysely } from 'kysely';
import {
  EMERGENCY_PUBLIC_KEYS,
  emergencyFileName,
  LIMIT_KEYS,
  splitAppointments,
  type BrandConfig,
  type EmergencyLanguage,
  type Schedule,
} from '@pet/contract';
import type { Database } from '../../db/schema.ts';
import { forbidden, limitReached, withStatus } from '../../platform/errors.ts';
import { pdfRendererIn, type PdfRenderer } from '../../platform/pdf/index.ts';
import { RATE_LIMITS, type RateLimiter } from '../../platform/rate-limit.ts';
import type { AppointmentsService } from '../appointments/appointments.service.ts';
import type { ContactsService } from '../contacts/contacts.service.ts';
import { findOwnerContact, type OwnerContact } from '../identity/identity.repo.ts';
import type { MedicalService } from '../medical/medical.service.ts';
import type { PetsService } from '../pets/pets.service.ts';
import type { PetAccessPolicy } from '../pets/pet-access.ts';
import type { CodeService } from '../plans/codes.service.ts';
import { assertEmergencyDownloadAllowed, emergencyDownloadDecision } from '../plans/plan-limits.ts';
import type * as EmergencyPdf from './emergency.pdf.ts';
import type { EmergencyFileData, EmergencyPetData } from './emergency.pdf.ts';

const EMERGENCY_FILE_PDF = pdfRendererIn<typeof EmergencyPdf>(new URL('./emergency.pdf.ts', import.meta.url))(
  'renderEmergencyFileJob',
);

/** Photos larger than this are left out of the file (uploads allow 25 MB; photos are far smaller). */
const MAX_PHOTO_BYTES = 8 * 1024 * 1024;

export interface EmergencyServiceDeps {
  db: Kysely<Database>;
  codes: CodeService;
  pets: PetsService;
  contacts: ContactsService;
  medical: MedicalService;
  appointments: AppointmentsService;
  limiter: RateLimiter;
  /** Renders the PDF in a worker thread with a time limit (503 past it). */
  pdf: PdfRenderer;
  /** The brand configuration of a partner id (the owner's brand). */
  brandForPartner: (partnerId: string) => BrandConfig;
  /** The current care-plan schedules of a pet (issue 36), printed with its medications. */
  careSchedules?: (petId: string) => Promise<Schedule[]>;
  /** Told of every public download (the lost-pet module records it and may mail the owner). */
  onPublicDownload?: (ownerId: string, userAgent: string | undefined) => Promise<void>;
  /**
   * A refused public download (404) answers no earlier than this many milliseconds after the
   * request came in, so an unknown code, a batch code and a disabled owner take the same time.
   */
  refusalFloorMs?: number;
  /** Deflate the PDF's streams (default true). */
  compress?: boolean;
  now?: () => Date;
  access: PetAccessPolicy;
}

export interface EmergencyFile {
  fileName: string;
  /** The whole PDF, rendered off the event loop. */
  pdf: Buffer;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JPEG (FF D8 FF) and PNG are what the PDF can embed; other photo types (WebP, GIF) are skipped. */
function isEmbeddableImage(bytes: Buffer): boolean {
  const jpeg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  return jpeg || png;
}

/**
 * The emergency file (pet-data "Emergency file", account-area public emergency page): a PDF of the
 * owner and every pet with contacts, medical data and upcoming appointments, for the signed-in owner
 * or for anyone with the owner's emergency password (the redeemed single activation code).
 */
export class EmergencyService {
  private readonly now: () => Date;

  constructor(private readonly deps: EmergencyServiceDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * GET /v1/emergency. The plan rule first (500 Download_Not_Allowed_Text); then a user without
   * pets is refused with 500 No_Pet_Text: pet-data section 8 lists No_Pet_Text among the limit
   * messages answered with status 500, and the page shows the no-pet text for it.
   */
  async forUser(
    userId: string,
    brand: BrandConfig,
    language: EmergencyLanguage,
    petId?: string,
  ): Promise<EmergencyFile> {
    // One pet (owned or shared, issue 35): the pet's owner's data and plan; never the owner's other pets.
    const ownerId = petId
      ? (await this.deps.access.require(userId, petId, { action: 'read', resource: 'emergency' })).ownerId
      : userId;
    await assertEmergencyDownloadAllowed(this.deps.db, ownerId, brand);
    const owner = await findOwnerContact(this.deps.db, ownerId);
    if (!owner) throw limitReached(LIMIT_KEYS.downloadNotAllowed);
    const pets = await this.petData(ownerId, petId);
    if (pets.length === 0) throw limitReached(LIMIT_KEYS.noPet);
    return this.render(owner, brand, language, pets);
  }

  /**
   * GET /v1/emergency/public. Rate-limited per IP (a password guess endpoint). 404
   * (Emergency_Invalid_Password_Text) for an unknown code, a batch code, a code nobody redeemed, a
   * code of another brand than the request's, and a banned or deleted owner, all after the same
   * minimum time; 403 (Emergency_Not_Supported_Text) when the owner's plan does not allow the
   * download. An owner without pets gets the file with the owner's data and "no pets recorded":
   * in an emergency the owner's contact is still worth having, and the public page has no no-pet
   * message of its own.
   */
  async forCode(input: {
    code: string;
    language: EmergencyLanguage;
    brand: BrandConfig;
    ip: string;
    userAgent?: string;
  }): Promise<EmergencyFile> {
    const started = Date.now();
    await this.deps.limiter.enforce([`emergency:ip:${input.ip}`, RATE_LIMITS.emergencyPublicPerIp]);
    const owner = await this.ownerOfCode(input.code.trim(), input.brand);
    if (!owner) {
      const wait = started + (this.deps.refusalFloorMs ?? 250) - Date.now();
      if (wait > 0) await sleep(wait);
      throw withStatus(404, EMERGENCY_PUBLIC_KEYS.invalidPassword, 'Invalid emergency password');
    }
    const brand = this.deps.brandForPartner(owner.partnerId);
    if ((await emergencyDownloadDecision(this.deps.db, owner.id, brand)) !== 'allowed') {
      throw forbidden(EMERGENCY_PUBLIC_KEYS.notSupported, 'The emergency file is not part of this plan');
    }
    const file = await this.render(owner, brand, input.language, await this.petData(owner.id));
    await this.deps.onPublicDownload?.(owner.id, input.userAgent);
    return file;
  }

  /**
   * The emergency file of each pet on its own, for the owner's full data export (data-export
   * module): the owner's own data, so no plan rule applies (GDPR Art. 20). Empty without an owner.
   */
  async filePerPet(
    userId: string,
    brand: BrandConfig,
    language: EmergencyLanguage,
  ): Promise<Array<{ petId: string; petName: string; pdf: Buffer }>> {
    const owner = await findOwnerContact(this.deps.db, userId);
    if (!owner) return [];
    const files = [];
    for (const pet of await this.petData(userId)) {
      const { pdf } = await this.render(owner, brand, language, [pet]);
      files.push({ petId: pet.pet.id, petName: pet.pet.name, pdf });
    }
    return files;
  }

  /** The active owner of the request brand's redeemed single code, or null. */
  private async ownerOfCode(code: string, brand: BrandConfig): Promise<OwnerContact | null> {
    if (!code) return null;
    const ownerId = await this.deps.codes.singleCodeOwner(this.deps.db, code);
    if (!ownerId) return null;
    const owner = await findOwnerContact(this.deps.db, ownerId);
    // Codes and users carry their brand: a code of another brand is unknown on this host.
    if (!owner || owner.disabled || owner.partnerId !== brand.partnerId) return null;
    return owner;
  }

  /** Every pet of the owner with what the file prints of it, through the owning modules' services. */
  private async petData(userId: string, onlyPetId?: string): Promise<EmergencyPetData[]> {
    const today = this.now();
    const result: EmergencyPetData[] = [];
    for (const { pet, photoKey } of await this.deps.pets.listWithPhotoKeys(userId, onlyPetId)) {
      const bytes = photoKey ? await this.deps.pets.photoBytes(photoKey, MAX_PHOTO_BYTES) : null;
      const [contacts, medical, appointments, schedules] = await Promise.all([
        this.deps.contacts.list(userId, pet.id),
        this.deps.medical.list(userId, pet.id),
        this.deps.appointments.listForPet(userId, pet.id),
        this.deps.careSchedules?.(pet.id) ?? [],
      ]);
      result.push({
        pet,
        photo: bytes && isEmbeddableImage(bytes) ? bytes : null,
        contacts,
        medical,
        upcoming: splitAppointments(appointments, today).upcoming,
        schedules: Object.fromEntries(schedules.map((schedule) => [schedule.med_id, schedule])),
      });
    }
    return result;
  }

  private async render(
    owner: OwnerContact,
    brand: BrandConfig,
    language: EmergencyLanguage,
    pets: EmergencyPetData[],
  ): Promise<EmergencyFile> {
    const data: EmergencyFileData = {
      language,
      brand: { name: brand.name, supportEmail: brand.supportEmail },
      createdAt: this.now(),
      owner,
      pets,
    };
    const pdf = await this.deps.pdf.render(EMERGENCY_FILE_PDF, {
      data,
      compress: this.deps.compress,
    });
    return { fileName: emergencyFileName(language), pdf };
  }
}
