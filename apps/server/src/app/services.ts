import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { brandConfig } from '@pet/contract';
import { createBrands, type Brands } from '../platform/brand.ts';
import type { AdjustableClock } from '../platform/clock.ts';
import { HostPolicy } from '../platform/auth/hosts.ts';
import { Identity } from '../platform/auth/identity.ts';
import { IdentityMails } from '../platform/auth/mails.ts';
import { PasswordHasher } from '../platform/auth/password.ts';
import { PasswordPool } from '../platform/auth/password-pool.ts';
import { resolveSecrets } from '../platform/auth/secrets.ts';
import type { JobQueue } from '../platform/jobs/jobs.ts';
import { createMailer, type Mailer } from '../platform/mail/mailer.ts';
import type { PdfRenderer } from '../platform/pdf/index.ts';
import { createRateLimiter, type RateLimiter } from '../platform/rate-limit.ts';
import type { PaymentsPlatform } from '../platform/payments/index.ts';
import { loadOrCreateUrlSecret, type FileStorage } from '../platform/storage/index.ts';
import { pdfPageRendererOn } from '../platform/uploads/thumbnails.ts';
import { AccountService } from '../modules/account/account.service.ts';
import { cancelPetReminderJobs } from '../modules/appointments/appointments.repo.ts';
import { AppointmentsService } from '../modules/appointments/appointments.service.ts';
import { CalendarService } from '../modules/calendar/calendar.service.ts';
import { ContactsService } from '../modules/contacts/contacts.service.ts';
import { DocumentsService } from '../modules/documents/documents.service.ts';
import { EmergencyService } from '../modules/emergency/emergency.service.ts';
import { ExportsService } from '../modules/pet-records-export/pet-records-export.service.ts';
import { AccountDirectory } from '../modules/identity/account-directory.ts';
import { IdentityService } from '../modules/identity/identity.service.ts';
import { LostPetService } from '../modules/lost-pet/lost-pet.service.ts';
import { MedicalService } from '../modules/medical/medical.service.ts';
import { PetAccessPolicy } from '../modules/pets/pet-access.ts';
import { PetsService } from '../modules/pets/pets.service.ts';
import { CodeService } from '../modules/plans/codes.service.ts';
import { DataExportService } from '../modules/account-export/account-export.service.ts';
import { ContractCancellationService } from '../modules/subscription/lifecycle/contract-cancellation.ts';
import { InvoiceLinks } from '../modules/subscription/billing/invoice-links.ts';
import { InvoicesService } from '../modules/subscription/billing/invoices.service.ts';
import { RenewalAttention } from '../modules/subscription/lifecycle/renewal-attention.ts';
import { SepaPrenotifications } from '../modules/subscription/lifecycle/sepa-prenotification.ts';
import { SubscriptionService } from '../modules/subscription/subscription.service.ts';
import { RENEWAL_SCHEDULE, SUBSCRIPTION_MAIL_JOB } from '../modules/subscription/subscription.jobs.ts';
import { ownsTracker } from '../modules/subscription/checkout/tracker-ownership.ts';
import type { WebhookFaults } from '../modules/subscription/payment-events/webhook-faults.ts';
import { WithdrawalService } from '../modules/subscription/lifecycle/withdrawal.ts';
import { ShareEndings } from '../modules/sharing/share-endings.ts';
import { SharingService } from '../modules/sharing/sharing.service.ts';
import { PushRepo } from '../modules/push/push.repo.ts';
import { PushService } from '../modules/push/push.service.ts';
import { loadOrCreateVapidKeys, WebPushSender } from '../platform/push/web-push.ts';
import { pushAgent } from '../platform/push/push-agent.ts';
import { CareService } from '../modules/care/care.service.ts';
import { CareRecordsService } from '../modules/care/care.records.ts';
import { CareSettingsStore } from '../modules/care/care.settings.ts';
import { CareReminders } from '../modules/care/care.reminders.ts';

/** What the services are built on: the database and the platform adapters app.ts set up. */
export interface Infrastructure {
  config: AppConfig;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  clock: AdjustableClock;
  jobs: JobQueue;
  pdf: PdfRenderer;
  storage: FileStorage;
  payments: PaymentsPlatform;
}

/**
 * The composition root: every service, built once, in dependency order (a service's constructor
 * gets the services it uses, so the order below is the dependency order). Modules only register
 * the routes and jobs of the services they are handed (app.ts).
 */
export async function buildServices({
  config,
  database,
  log,
  clock,
  jobs,
  pdf,
  storage,
  payments,
}: Infrastructure) {
  const { db, kind } = database;
  const now = () => clock.now();
  const brands: Brands = createBrands(config);

  // Identity, mail and the rate limiter: everything below may mail, limit or ask a user's language.
  const secrets = resolveSecrets(config);
  const mailer: Mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log });
  const limiter: RateLimiter = createRateLimiter(db, kind, config.rateLimit);
  const hosts = new HostPolicy(config);
  const codes = new CodeService(secrets.codeSecret);
  const { workers, maxQueue, cost } = config.identity.passwordHash;
  const passwordPool = new PasswordPool({ workers: workers ?? undefined, maxQueue: maxQueue ?? undefined });
  const passwords = new PasswordHasher(passwordPool, cost);
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
  const language = (userId: string) => directory.languageOf(userId);

  // Web push (issue 36): reminders send through `push` (null when WEB_PUSH=false).
  const pushRepo = new PushRepo(db);
  const push: WebPushSender | null = config.push
    ? new WebPushSender({
        keys: await loadOrCreateVapidKeys({
          fromEnv: config.push.vapid,
          file: config.push.vapidFile,
          subject: config.push.subject,
        }),
        devices: pushRepo,
        log,
        now,
        agent: config.push.caFile ? await pushAgent(config.push.caFile) : undefined,
      })
    : null;
  const pushDevices = new PushService({ repo: pushRepo, sender: push, now, language });

  // Pet records, each reached through the one access rule (owner or active share, issue 35).
  const access = new PetAccessPolicy({ db, kind, clock });
  const pets = new PetsService({ db, kind, storage, jobs, log, access });
  const contacts = new ContactsService({ db, access });
  const medical = new MedicalService({ db, kind, access });
  const documents = new DocumentsService({
    db,
    kind,
    access,
    storage,
    jobs,
    log,
    renderPdfPage: pdfPageRendererOn(pdf),
  });
  // Each user's time zone and reminder choices (care settings, issue 36): appointment and care
  // reminders go by the channels chosen there.
  const careSettings = new CareSettingsStore({ db, clock });
  const appointments = new AppointmentsService({
    db,
    kind,
    access,
    jobs,
    mailer,
    log,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    settings: careSettings,
    push,
  });
  // A deleted pet's reminders go with it.
  pets.addDeletionStep((trx, _ownerId, petId) => cancelPetReminderJobs(trx, petId));
  const calendar = new CalendarService({
    db,
    appointments,
    limiter,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    now,
    // Care plans (built below): the feed's doses, read when a feed is asked for.
    doses: (userId) => care.upcomingDoses(userId),
  });
  const lostPet = new LostPetService({
    db,
    access,
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
    access,
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
    careSchedules: (petId) => care.schedulesOfPet(petId),
  });
  const emergency = new EmergencyService({
    db,
    access,
    codes,
    pets,
    contacts,
    medical,
    appointments,
    limiter,
    pdf,
    brandForPartner: brands.forPartner,
    careSchedules: (petId) => care.schedulesOfPet(petId),
    onPublicDownload: (ownerId, userAgent) => lostPet.recordEmergencyAccess(ownerId, userAgent),
  });

  // Sharing a pet: invitations, shares, their window jobs and mails, the activity log.
  const shareEndings = new ShareEndings({
    db,
    clock,
    jobs,
    mailer,
    log,
    language,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
  });
  const sharing = new SharingService({
    db,
    kind,
    clock,
    mailer,
    limiter,
    access,
    endings: shareEndings,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    petImageUrl: (key) => pets.imageUrl(key),
  });
  // A deleted pet's members are told (its shares and activity go with it).
  pets.addDeletionStep((trx, _userId, petId) => shareEndings.petDeleted(trx, petId));

  // Care plans (issue 36): schedules and doses, vaccinations due, weight goals, reminders.
  const care = new CareService({ db, kind, clock, access, jobs, settings: careSettings });
  const careRecords = new CareRecordsService({ db, kind, clock, access, settings: careSettings });
  // A weight added to a pet checks its weight goal (the notice after 3 in a row outside).
  pets.addWeightStep((trx, petId) => careRecords.weightAdded(trx, petId));
  // Reminders go by push through the sender built above (none with WEB_PUSH=false: mail only).
  const careReminders = new CareReminders({
    db,
    clock,
    access,
    settings: careSettings,
    mailer,
    log,
    language,
    languages: (userIds) => directory.languagesOf(userIds),
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    push: push ?? undefined,
  });

  // The account: avatar, address, deletion (which ends every session and every share).
  const account = new AccountService({
    db,
    storage,
    jobs,
    revokeSessions: (userId) => identity.revokeSessions(userId),
    endShares: (trx, userId) => shareEndings.accountDeleted(trx, userId),
    log,
  });

  // Subscription and bills.
  const { provider } = payments;
  const sepa = new SepaPrenotifications({
    db,
    clock,
    jobs,
    mailer,
    log,
    provider,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    days: config.payments.sepaPrenotificationDays,
  });
  // Signs the renewal payment links (renewal-attention.ts) with the server's identity secret.
  const linkSecret = secrets.authSecret;
  const subscription: SubscriptionService = new SubscriptionService({
    db,
    kind,
    clock,
    jobs,
    mailer,
    log,
    provider,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    keepNewestDocuments: (userId, keep) => documents.keepNewest(userId, keep),
    // Sharing is a paid-plan feature: the plan's end ends the owner's shares.
    onPlanEnded: (trx, userId) => shareEndings.planEnded(trx, userId),
    sepa,
    // The subscription and its bills use each other: `invoices` below exists before any mail job runs.
    mailDocument: (orderId, document) => invoices.mailDocument(orderId, document),
    renewalPaymentLink: (origin, userId, orderId, periodEnd): string =>
      // Called when a mail is sent, long after `attention` below exists.
      attention.linkFor(linkSecret, origin, userId, orderId, periodEnd),
  });
  const attention: RenewalAttention = new RenewalAttention({
    db,
    clock,
    provider,
    schedule: RENEWAL_SCHEDULE,
    originForBrand: brands.originFor,
    applyPaymentIntent: (intent) => subscription.applyPaymentIntent(intent),
  });
  // The mails' download links are signed with (a key derived from) the file URLs' secret.
  const urlSecret = config.storage.urlSecret ?? (await loadOrCreateUrlSecret(config.storage.urlSecretFile));
  const invoices: InvoicesService = new InvoicesService({
    db,
    kind,
    clock,
    log,
    provider,
    // The credit note's refund (the operator's `order refund` command).
    refund: provider ? (request) => provider.refundPayment(request) : null,
    pdf,
    links: new InvoiceLinks(urlSecret, clock),
    jobs,
    mailJob: SUBSCRIPTION_MAIL_JOB,
    // A full refund ends the plan it paid for (one function with the withdrawal: endPlanNowIn).
    endPlanNowIn: (trx, userId, periodEnd, reason) =>
      subscription.endPlanNowIn(trx, userId, periodEnd, reason),
    brandForPartner: brands.forPartner,
  });
  const withdrawal = new WithdrawalService({ db, clock, invoices });
  const contractCancellation = new ContractCancellationService({
    db,
    clock,
    jobs,
    mailer,
    limiter,
    log,
    subscription,
    withdraw: (userId) => withdrawal.withdraw(userId),
    brandOf: (id) => brandConfig(id),
    originForBrand: brands.originFor,
  });
  const webhookFaults: WebhookFaults | null = config.env === 'production' ? null : { inject: null };

  // The full data export reads through the emergency and invoice services.
  const dataExport = new DataExportService({
    db,
    storage,
    jobs,
    mailer,
    limiter,
    log,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    emergencyFiles: (userId, brand, language) => emergency.filePerPet(userId, brand, language),
    bills: async (userId) =>
      ((await invoices.myOrders(userId)) ?? []).map((order) => ({
        id: order.id,
        invoice: order.invoice_number ?? order.order_number,
        creditNote: order.credit_note_number ?? null,
      })),
    billPdf: async (userId, orderId, document) => (await invoices.orderPdf(userId, orderId, document)).pdf,
    now,
  });

  // Last: myinfo gathers what the services above answer about a user.
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
    userInfo: {
      petSummaries: (userId) => pets.summaries(userId),
      imageUrl: (stored) => account.avatarUrl(stored),
      downgrading: (userId) => subscription.downgrading(userId),
      // Only the tracker brand sells trackers: other brands' myinfo asks nothing more.
      trackerBought: async (userId, partnerId) =>
        brands.forPartner(partnerId).tracker.enabled ? ownsTracker(db, userId) : false,
      renewalState: (userId) => attention.stateOf(userId),
      sharedPets: (userId) => sharing.sharedPets(userId),
    },
    assertInvited: (token, email) => sharing.assertInvited(token, email),
  });

  return {
    brands,
    mailer,
    limiter,
    codes,
    passwordPool,
    identity,
    identityService,
    access,
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
    subscription,
    sepa,
    attention,
    linkSecret,
    invoices,
    withdrawal,
    contractCancellation,
    webhookFaults,
    dataExport,
    sharing,
    shareEndings,
    push,
    pushDevices,
    care,
    careRecords,
    careSettings,
    careReminders,
  };
}
