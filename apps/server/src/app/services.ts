import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createBrands, type Brands } from '../platform/brand.ts';
import type { AdjustableClock } from '../platform/clock.ts';
import { HostPolicy } from '../platform/identity/hosts.ts';
import { Identity } from '../platform/identity/identity.ts';
import { IdentityMails } from '../platform/identity/mails.ts';
import { PasswordHasher } from '../platform/identity/password.ts';
import { PasswordPool } from '../platform/identity/password-pool.ts';
import { resolveSecrets } from '../platform/identity/secrets.ts';
import type { JobQueue } from '../platform/jobs/jobs.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import type { PdfRenderer } from '../platform/pdf/index.ts';
import { createRateLimiter, type RateLimiter } from '../platform/rate-limit.ts';
import type { FileStorage } from '../platform/storage/index.ts';
import { pdfPageRendererOn } from '../platform/uploads/thumbnails.ts';
import { AccountService } from '../modules/account/account.service.ts';
import { cancelPetReminderJobs } from '../modules/appointments/appointments.repo.ts';
import { AppointmentsService } from '../modules/appointments/appointments.service.ts';
import { CalendarService } from '../modules/calendar/calendar.service.ts';
import { ContactsService } from '../modules/contacts/contacts.service.ts';
import { DocumentsService } from '../modules/documents/documents.service.ts';
import { EmergencyService } from '../modules/emergency/emergency.service.ts';
import { ExportsService } from '../modules/exports/exports.service.ts';
import { AccountDirectory } from '../modules/identity/account-directory.ts';
import { IdentityService } from '../modules/identity/identity.service.ts';
import { LostPetService } from '../modules/lost-pet/lost-pet.service.ts';
import { MedicalService } from '../modules/medical/medical.service.ts';
import { PetsService } from '../modules/pets/pets.service.ts';
import { CodeService } from '../modules/plans/codes.service.ts';

/** What the services are built on: the database and the platform adapters app.ts set up. */
export interface Infrastructure {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock: AdjustableClock;
  jobs: JobQueue;
  pdf: PdfRenderer;
  storage: FileStorage;
}

export type Services = ReturnType<typeof buildServices>;

/**
 * The composition root: every service, built once, in dependency order (a service's constructor
 * gets the services it uses, so the order below is the dependency order). Modules only register
 * the routes and jobs of the services they are handed (app.ts).
 */
export function buildServices({ config, database, log, clock, jobs, pdf, storage }: Infrastructure) {
  const { db, kind } = database;
  const now = () => clock.now();
  const brands: Brands = createBrands(config);

  // Identity, mail and the rate limiter: everything below may mail, limit or ask a user's language.
  const secrets = resolveSecrets(config);
  const mailer: Mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const limiter: RateLimiter = createRateLimiter(db, kind, config.rateLimit);
  const hosts = new HostPolicy(config);
  const codes = new CodeService(secrets.codeSecret);
  const { workers, maxQueue } = config.identity.passwordHash;
  const passwordPool = new PasswordPool({ workers: workers ?? undefined, maxQueue: maxQueue ?? undefined });
  const passwords = new PasswordHasher(passwordPool);
  const directory = new AccountDirectory({ db });
  const mails = new IdentityMails(hosts, mailer, (userId) => directory.userSettings(userId), log);
  const identity = new Identity({
    config,
    db,
    kind,
    authSecret: secrets.authSecret,
    mails,
    limiter,
    log,
    hosts,
    directory,
    passwords,
  });
  const identityService = new IdentityService({
    db,
    kind,
    codes,
    limiter,
    log,
    secret: secrets.codeSecret,
    passwords,
    now,
    identity,
    directory,
  });
  const language = (userId: string) => directory.languageOf(userId);

  // Pet records.
  const pets = new PetsService({ db, kind, storage, jobs, log });
  const contacts = new ContactsService({ db, kind });
  const medical = new MedicalService({ db, kind });
  const documents = new DocumentsService({
    db,
    kind,
    storage,
    jobs,
    log,
    renderPdfPage: pdfPageRendererOn(pdf),
  });
  const appointments = new AppointmentsService({
    db,
    kind,
    jobs,
    mailer,
    log,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
  });
  // A deleted pet's reminders go with it.
  pets.addDeletionStep((trx, userId, petId) => cancelPetReminderJobs(trx, userId, petId));
  const calendar = new CalendarService({
    db,
    limiter,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    now,
  });
  const lostPet = new LostPetService({
    db,
    storage,
    mailer,
    pdf,
    limiter,
    log,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    now,
  });
  const petExports = new ExportsService({
    db,
    storage,
    pdf,
    limiter,
    pets,
    medical,
    contacts,
    appointments,
    log,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    now,
  });
  const emergency = new EmergencyService({
    db,
    codes,
    pets,
    contacts,
    medical,
    appointments,
    limiter,
    pdf,
    brandForPartner: brands.forPartner,
    onPublicDownload: (ownerId, userAgent) => lostPet.recordEmergencyAccess(ownerId, userAgent),
  });

  // The account: avatar, address, deletion (which ends every session).
  const account = new AccountService({
    db,
    storage,
    jobs,
    revokeSessions: (userId) => identity.revokeSessions(userId),
    log,
  });
  identityService.setPetSummaryProvider((userId) => pets.summaries(userId));
  identityService.setImageUrlResolver((stored) => account.avatarUrl(stored));

  return {
    brands,
    mailer,
    limiter,
    codes,
    passwordPool,
    identity,
    identityService,
    pets,
    contacts,
    medical,
    documents,
    appointments,
    calendar,
    lostPet,
    petExports,
    emergency,
    account,
  };
}
