import type { FastifyInstance } from 'fastify';
import { foundPageRoutes, lostPetRoutes } from './lost-pet.routes.ts';
import type { LostPetService } from './lost-pet.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    lostPet: LostPetService;
  }
}

export async function registerLostPet(app: FastifyInstance, service: LostPetService): Promise<void> {
  app.decorate('lostPet', service);
  await app.register(lostPetRoutes, { service });
  await app.register(foundPageRoutes, { service });
}
