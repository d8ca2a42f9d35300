import type { FastifyInstance } from 'fastify';
import { petsRoutes } from './pets.routes.ts';
import { DELETE_FILES_JOB, type PetsService } from './pets.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pets: PetsService;
  }
}

export async function registerPets(app: FastifyInstance, service: PetsService): Promise<void> {
  app.decorate('pets', service);
  app.jobs.register(DELETE_FILES_JOB, async ({ prefix }) => {
    // Only a pet's or a user's own folder is ever purged this way.
    if (!/^(pets|users)\/[^/]+\/$/.test(prefix)) throw new Error(`refusing to purge ${prefix}`);
    await app.storage.deletePrefix(prefix);
  });
  await app.register(petsRoutes, { service });
}
