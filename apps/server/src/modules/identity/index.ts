import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { outboxRoutes } from '../../platform/mail/outbox.routes.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { Identity } from '../../platform/auth/identity.ts';
import { identityPlugin } from '../../platform/auth/plugin.ts';
import type { CodeService } from '../plans/codes.service.ts';
import { identityRoutes } from './identity.routes.ts';
import type { IdentityService } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    rateLimiter: RateLimiter;
    codes: CodeService;
    /** /v1/auth rules (registration, myinfo, settings, codes of signed-in users). */
    identityService: IdentityService;
  }
}

export interface IdentityParts {
  identity: Identity;
  service: IdentityService;
  mailer: Mailer;
  limiter: RateLimiter;
  codes: CodeService;
}

/**
 * Identity, mail and activation codes: better-auth at /identity/* (its tables migrated after
 * ours), the session of every /v1 request, the /v1/auth routes, and the dev outbox (never in
 * production).
 */
export async function registerIdentity(
  app: FastifyInstance,
  { identity, service, mailer, limiter, codes }: IdentityParts,
): Promise<void> {
  await identity.migrate();
  app.decorate('mailer', mailer);
  app.decorate('rateLimiter', limiter);
  app.decorate('codes', codes);
  app.decorate('identityService', service);
  await app.register(identityPlugin, { identity });
  await app.register(identityRoutes, { service });
  if (app.config.env !== 'production') await app.register(outboxRoutes);
}
