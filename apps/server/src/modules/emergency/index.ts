import type { FastifyInstance } from 'fastify';
import { brandForPartner } from '../../platform/brand.ts';
import { emergencyRoutes } from './emergency.routes.ts';
import { emergencyPublicPageRoutes } from './public-page.routes.ts';
import { EmergencyService } from './emergency.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    emergency: EmergencyService;
  }
}

/** Register after identity (codes, rate limiter), pets, contacts, medical, appointments and lost-pet. */
export async function registerEmergency(app: FastifyInstance): Promise<void> {
  const service = new EmergencyService({
    db: app.db,
    codes: app.codes,
    pets: app.pets,
    contacts: app.contacts,
    medical: app.medical,
    appointments: app.appointments,
    limiter: app.rateLimiter,
    pdf: app.pdfRenderer,
    brandForPartner: (partnerId) => brandForPartner(partnerId, app.config.defaultBrand),
    onPublicDownload: (ownerId, userAgent) => app.lostPet.recordEmergencyAccess(ownerId, userAgent),
  });
  app.decorate('emergency', service);
  await app.register(emergencyRoutes, { service });
  // /notfall, server-rendered (works without JavaScript); before the SPA's history fallback.
  await app.register(emergencyPublicPageRoutes, { service });
}
