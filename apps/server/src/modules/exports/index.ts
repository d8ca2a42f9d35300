import type { FastifyInstance } from 'fastify';
import { exportsRoutes, handoverPageRoutes } from './exports.routes.ts';
import type { ExportsService } from './exports.service.ts';

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
