import type { FastifyInstance } from 'fastify';
import { petsRoutes } from './pets.routes.ts';
import { DELETE_FILES_JOB, PetsService } from './pets.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pets: PetsService;
  }
}

export async function registerPets(app: FastifyInstance): Promise<void> {
  const service = new PetsService({
    db: app.db,
    kind: app.database.kind,
    storage: app.storage,
    jobs: app.jobs,
    log: app.log,
  });
  app.decorate('pets', service);
  app.identityService.setPetSummaryProvider((userId) => service.summaries(userId));
  app.jobs.register(DELETE_FILES_JOB, async (payload) => {
    const { prefix } = payload as { prefix: string };
    // Only a pet's or a user's own folder is ever purged this way.
    if (!/^(pets|users)\/[^/]+\/$/.test(prefix)) throw new Error(`refusing to purge ${prefix}`);
    await app.storage.deletePrefix(prefix);
  });
  await app.register(petsRoutes, { service });
}
