import type { FastifyInstance } from 'fastify';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { exportsRoutes, handoverPageRoutes } from './exports.routes.ts';
import { ExportsService } from './exports.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    petExports: ExportsService;
  }
}

/** Register after identity (languages, rate limiter), pets, contacts, medical and appointments. */
export async function registerExports(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const service = new ExportsService({
    db: app.db,
    storage: app.storage,
    pdf: app.pdfRenderer,
    limiter: app.rateLimiter,
    pets: app.pets,
    medical: app.medical,
    contacts: app.contacts,
    appointments: app.appointments,
    log: app.log,
    language: async (userId) => (await app.identityService.userSettings(userId))?.language ?? null,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
    now: () => app.clock.now(),
  });
  app.decorate('petExports', service);
  await app.register(exportsRoutes, { service });
  // /handover/{token}, server-rendered; before the SPA's history fallback.
  await app.register(handoverPageRoutes, { service });
}
