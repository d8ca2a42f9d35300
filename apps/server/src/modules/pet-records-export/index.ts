import type { FastifyInstance } from 'fastify';
import { exportsRoutes, handoverPageRoutes } from './pet-records-export.routes.ts';
import type { ExportsService } from './pet-records-export.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    petExports: ExportsService;
  }
}

export async function registerExports(app: FastifyInstance, service: ExportsService): Promise<void> {
  app.decorate('petExports', service);
  await app.register(exportsRoutes, { service });
  // /handover/{token}, server-rendered; before the SPA's history fallback.
  await app.register(handoverPageRoutes, { service });
}
