import type { FastifyInstance } from 'fastify';
import { emergencyRoutes } from './emergency.routes.ts';
import { emergencyPublicPageRoutes } from './public-page.routes.ts';
import type { EmergencyService } from './emergency.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    emergency: EmergencyService;
  }
}

export async function registerEmergency(app: FastifyInstance, service: EmergencyService): Promise<void> {
  app.decorate('emergency', service);
  await app.register(emergencyRoutes, { service });
  // /notfall, server-rendered (works without JavaScript); before the SPA's history fallback.
  await app.register(emergencyPublicPageRoutes, { service });
}
