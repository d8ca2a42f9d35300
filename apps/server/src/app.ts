import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { acquireStartupLock } from './db/startup-lock.ts';
import { seedPlans } from './db/seed.ts';
import type { Database } from './db/schema.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createResponseSerializers, type ResponseSerializers } from './http/serializer.ts';
import { registerBodyIdleTimeout } from './http/timeouts.ts';
import { requestIdGenerator } from './http/request-ids.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { registerOpenApi } from './http/openapi.ts';
import { readCachePlugin } from './http/read-cache.ts';
import { routeAccessPlugin } from './http/route-access.ts';
import { requireUser } from './platform/auth/plugin.ts';
import { requireLocalClient } from './platform/mail/outbox.routes.ts';
import { productNotAttachedResponse, requireAttachedProduct } from './modules/plans/product-gate.ts';
import { idempotentCreatePlugin } from './http/idempotent-create.ts';
import { dataVersionOf } from './db/data-version.ts';
import { registerCompression } from './http/compression.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import { brandPlugin } from './platform/brand.ts';
import { JobQueue } from './platform/jobs/jobs.ts';
import { AdjustableClock } from './platform/clock.ts';
import { devClockRoutes } from './platform/dev-clock.ts';
import { createStorage, storagePlugin } from './platform/storage/index.ts';
import { PdfRenderPool, type PdfRenderer } from './platform/pdf/index.ts';
import { registerPayments } from './platform/payments/index.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { registerIdentity } from './modules/identity/index.ts';
import { registerAccount } from './modules/account/index.ts';
import { registerSubscription } from './modules/subscription/index.ts';
import { registerClientLog } from './modules/client-log/index.ts';
import { registerDataExport } from './modules/account-export/index.ts';
import { registerPets } from './modules/pets/index.ts';
import { registerContacts } from './modules/contacts/index.ts';
import { registerMedical } from './modules/medical/index.ts';
import { registerDocuments } from './modules/documents/index.ts';
import { registerAppointments } from './modules/appointments/index.ts';
import { registerCalendar } from './modules/calendar/index.ts';
import { registerLostPet } from './modules/lost-pet/index.ts';
import { registerExports } from './modules/pet-records-export/index.ts';
import { registerEmergency } from './modules/emergency/index.ts';
import { registerSharing } from './modules/sharing/index.ts';
import { registerPush } from './modules/push/index.ts';
import { registerCare } from './modules/care/index.ts';
import { uploadRoutes } from './modules/stored-files/stored-files.routes.ts';
import { registerStorageReconcile } from './modules/stored-files/storage-reconcile.ts';
import { buildServices } from './app/services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<Database>;
    database: DatabaseHandle;
    jobs: JobQueue;
    /** Business time (periods, orders, jobs); movable in development (platform/dev-clock.ts). */
    clock: AdjustableClock;
    /** Renders PDFs in worker threads with a time limit (emergency file, invoices). */
    pdfRenderer: PdfRenderer;
    /** Answers serialized by fast-json-stringify from the zod schemas (http/serializer.ts). */
    responseSerializers: ResponseSerializers;
  }
}

/**
 * Composes the whole server: database (migrated and seeded), platform plugins and the /v1 modules.
 * main.ts only listens; tests call this with a temporary DATA_DIR and use app.inject.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    // Honour a request id set by a proxy, otherwise make one; it is logged with every line.
    genReqId: requestIdGenerator(),
    childLoggerFactory: requestLoggerFactory,
    // Forwarded headers count only from the configured proxies (TRUST_PROXY); otherwise any client
    // could pick its own address and escape every per-IP limit.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    // A client that stops sending (a multipart body without its end) must not hold its socket:
    // the whole request has a bound, checked often enough for short test timeouts.
    requestTimeout: config.http.requestTimeoutMs,
    http: { connectionsCheckingInterval: Math.min(30_000, Math.max(10, config.http.requestTimeoutMs / 4)) },
  }).withTypeProvider<ZodTypeProvider>();
  registerBodyIdleTimeout(app, config.http.idleTimeoutMs);

  app.setValidatorCompiler(validatorCompiler);
  // Compiled from the zod response schemas; zod itself only where that would change an answer.
  const responseSerializers = createResponseSerializers();
  app.decorate('responseSerializers', responseSerializers);
  app.setSerializerCompiler(responseSerializers.compiler);

  const database = openDatabase(config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
  // Instances starting together migrate and seed one at a time (the identity tables are created in
  // registerIdentity, so the lock is held until the app is composed).
  const releaseStartupLock = await acquireStartupLock(database);
  await migrateToLatest(database.db);
  await seedPlans(database.db);
  const clock = new AdjustableClock();
  app.decorate('clock', clock);
  const jobs = new JobQueue({
    db: database.db,
    kind: database.kind,
    log: app.log,
    pollMs: config.jobs.pollMs,
    now: () => clock.now(),
  });
  app.decorate('jobs', jobs);
  const pdfRenderer = new PdfRenderPool();
  app.decorate('pdfRenderer', pdfRenderer);
  app.addHook('onClose', async () => pdfRenderer.close());

  registerErrorHandler(app);
  registerSecurityHeaders(app);
  // Before the routes: every route's guards come from its access level.
  await app.register(routeAccessPlugin, {
    signedIn: requireUser,
    // A member reaches the pets shared with them without a product (issue 35); read when called.
    attachedProduct: (request) =>
      requireAttachedProduct(request, (userId) => services.access.sharedPetIds(userId)),
    attachedProductAnswers: { 471: productNotAttachedResponse },
    localClient: requireLocalClient,
  });
  // Before compression: the read cache keeps answers as serialized JSON.
  await app.register(readCachePlugin, {
    dataVersion: dataVersionOf(database),
    now: () => clock.nowMs(),
    ttlMs: config.http.readCacheTtlMs,
    // The pet access rule is built with the services below; asked only once requests run.
    accessEndsWithin: (userId, withinMs) => services.access.accessEndsWithin(userId, withinMs),
  });
  // Before compression too: a create's first answer is kept as serialized JSON.
  await app.register(idempotentCreatePlugin, { db: database.db, now: () => clock.nowMs() });
  await registerCompression(app);
  await app.register(brandPlugin, { hostMap: config.brandHosts, fallback: config.defaultBrand });
  const storage = await createStorage(config.storage, { logger: app.log });
  await app.register(storagePlugin, { storage });
  await registerOpenApi(app, { version: config.version, publicUrl: config.publicUrl });
  await registerPayments(app);

  const services = await buildServices({
    config,
    database,
    log: app.log,
    clock,
    jobs,
    pdf: pdfRenderer,
    storage,
    payments: app.payments,
  });
  app.addHook('onClose', async () => services.passwordPool.close());
  app.addHook('onClose', async () => services.mailer.close());
  app.addHook('onClose', async () => services.limiter.close());

  await registerIdentity(app, {
    identity: services.identity,
    service: services.identityService,
    mailer: services.mailer,
    limiter: services.limiter,
    codes: services.codes,
  });
  await registerPets(app, services.pets);
  await registerContacts(app, services.contacts);
  await registerMedical(app, services.medical);
  await registerDocuments(app, services.documents);
  await registerAppointments(app, services.appointments);
  await registerCalendar(app, services.calendar);
  await registerLostPet(app, services.lostPet);
  await registerExports(app, services.petExports);
  await registerEmergency(app, services.emergency);
  await registerSharing(app, { sharing: services.sharing, endings: services.shareEndings });
  await registerPush(app, services.pushDevices);
  await registerCare(app, {
    care: services.care,
    records: services.careRecords,
    settings: services.careSettings,
    reminders: services.careReminders,
  });
  await registerAccount(app, services.account);
  await registerSubscription(app, {
    subscription: services.subscription,
    sepa: services.sepa,
    attention: services.attention,
    linkSecret: services.linkSecret,
    invoices: services.invoices,
    withdrawal: services.withdrawal,
    contractCancellation: services.contractCancellation,
    faults: services.webhookFaults,
    identity: services.identityService,
  });
  await app.register(uploadRoutes, {
    pets: services.pets,
    setUserImage: (userId, file) => services.account.setAvatar(userId, file),
  });
  registerStorageReconcile(app);
  await registerClientLog(app, services.limiter);
  await registerDataExport(app, services.dataExport);
  await app.register(systemRoutes, {
    publicUrl: config.publicUrl,
    version: config.version,
    identity: { google: config.identity.google !== null, magicLink: true },
    payments: {
      provider: app.payments.mode === 'stripe' ? 'stripe' : 'sandbox',
      publishableKey: app.payments.provider?.publishableKey ?? null,
      sepaPrenotificationDays: config.payments.sepaPrenotificationDays,
    },
  });

  if (config.devClock) await app.register(devClockRoutes, { clock, jobs });

  await registerSpa(app, config.webDistDir);

  // Job handlers are registered by the modules above; the loop starts once everything is ready and
  // stops (waiting for the jobs in hand) before the database closes.
  if (config.jobs.enabled) app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  await releaseStartupLock();
  return app;
}
