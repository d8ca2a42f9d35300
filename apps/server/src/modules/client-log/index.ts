import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { clientLogRoutes } from './client-log.routes.ts';

/** The apps' failure reports (POST /v1/logging). */
export async function registerClientLog(app: FastifyInstance, limiter: RateLimiter): Promise<void> {
  await app.register(clientLogRoutes, { limiter, logger: app.log });
}
