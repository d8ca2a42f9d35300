import type { FastifyInstance } from 'fastify';
import { dataExportRoutes } from './account-export.routes.ts';
import { BUILD_EXPORT_JOB, EXPIRE_EXPORT_JOB, type DataExportService } from './account-export.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataExport: DataExportService;
  }
}

export async function registerDataExport(app: FastifyInstance, service: DataExportService): Promise<void> {
  app.decorate('dataExport', service);
  app.jobs.register(BUILD_EXPORT_JOB, async ({ exportId }, job) => {
    await service.build(exportId, job);
  });
  app.jobs.register(EXPIRE_EXPORT_JOB, async ({ exportId }) => {
    await service.expire(exportId);
  });
  await app.register(dataExportRoutes, { service });
}
