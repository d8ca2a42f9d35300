import type { FastifyInstance } from 'fastify';
import { brandForPartner, originForBrand } from '../../platform/brand.ts';
import { foundPageRoutes, lostPetRoutes } from './lost-pet.routes.ts';
import { LostPetService } from './lost-pet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lostPet: LostPetService;
  }
}

/** Register after identity (mailer, languages, rate limiter), pets and medical; before emergency. */
export async function registerLostPet(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const service = new LostPetService({
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    pdf: app.pdfRenderer,
    limiter: app.rateLimiter,
    log: app.log,
    language: async (userId) => (await app.identityService.userSettings(userId))?.language ?? null,
    brandForPartner: (partnerId) => brandForPartner(partnerId, config.defaultBrand),
    originForBrand: (brand) => originForBrand(config, brand),
    now: () => app.clock.now(),
  });
  app.decorate('lostPet', service);
  await app.register(lostPetRoutes, { service });
  await app.register(foundPageRoutes, { service });
}
