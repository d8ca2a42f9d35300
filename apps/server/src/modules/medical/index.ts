import type { FastifyInstance } from 'fastify';
import { medicalRoutes } from './medical.routes.ts';
import type { MedicalService } from './medical.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    medical: MedicalService;
  }
}

export async function registerMedical(app: FastifyInstance, service: MedicalService): Promise<void> {
  app.decorate('medical', service);
  await app.register(medicalRoutes, { service });
}
