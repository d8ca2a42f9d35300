import type { FastifyInstance } from 'fastify';
import { pushRoutes } from './push.routes.ts';
import type { PushService } from './push.service.ts';

/** Web push devices (issue 36); the sender itself is services.push (platform/push/web-push.ts). */
export async function registerPush(app: FastifyInstance, service: PushService): Promise<void> {
  await app.register(pushRoutes, { service });
}
