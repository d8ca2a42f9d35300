import type { FastifyInstance } from 'fastify';
import type { Brands } from '../../platform/brand.ts';
import { dataExportRoutes } from './data-export.routes.ts';
import { BUILD_EXPORT_JOB, DataExportService, EXPIRE_EXPORT_JOB } from './data-export.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataExport: DataExportService;
  }
}

/** Register after identity (mailer, rate limiter), emergency and subscription (invoices). */
export async function registerDataExport(app: FastifyInstance, brands: Brands): Promise<void> {
  const service = new DataExportService({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    mailer: app.mailer,
    limiter: app.rateLimiter,
    log: app.log,
    brandForPartner: brands.forPartner,
    originForBrand: brands.originFor,
    emergencyFiles: (userId, brand, language) => app.emergency.filePerPet(userId, brand, language),
    bills: async (userId) =>
      ((await app.invoices.myOrders(userId)) ?? []).map((order) => ({
        id: order.id,
        invoice: order.invoice_number ?? order.order_number,
        creditNote: order.credit_note_number ?? null,
      })),
    billPdf: async (userId, orderId, document) =>
      (await app.invoices.orderPdf(userId, orderId, document)).pdf,
    now: () => app.clock.now(),
  });
  app.decorate('dataExport', service);
  app.jobs.register(BUILD_EXPORT_JOB, async (payload, job) => {
    await service.build(payload.exportId, job);
  });
  app.jobs.register(EXPIRE_EXPORT_JOB, async (payload) => {
    await service.expire(payload.exportId);
  });
  await app.register(dataExportRoutes, { service });
}
