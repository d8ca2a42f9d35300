import type { FastifyInstance } from 'fastify';
import { medicalRoutes } from './medical.routes.ts';
import { MedicalService } from './medical.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    medical: MedicalService;
  }
}

export async function registerMedical(app: FastifyInstance): Promise<void> {
  const service = new MedicalService({ db: app.db, kind: app.database.kind });
  app.decorate('medical', service);
  await app.register(medicalRoutes, { service });
}
