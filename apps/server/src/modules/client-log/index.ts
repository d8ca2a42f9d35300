import type { FastifyInstance } from 'fastify';
import { clientLogRoutes } from './client-log.routes.ts';

/** The apps' failure reports (POST /v1/logging). Register after identity (the rate limiter). */
export async function registerClientLog(app: FastifyInstance): Promise<void> {
  await app.register(clientLogRoutes, { limiter: app.rateLimiter, logger: app.log });
}
