import type { FastifyInstance } from 'fastify';
import { createMailer, type Mailer } from '../../platform/mail/mailer.ts';
import { outboxRoutes } from '../../platform/mail/outbox.routes.ts';
import { createRateLimiter, type RateLimiter } from '../../platform/rate-limit.ts';
import { HostPolicy } from '../../platform/identity/hosts.ts';
import { Identity } from '../../platform/identity/identity.ts';
import { IdentityMails } from '../../platform/identity/mails.ts';
import { PasswordHasher } from '../../platform/identity/password.ts';
import { PasswordPool } from '../../platform/identity/password-pool.ts';
import { identityPlugin } from '../../platform/identity/plugin.ts';
import { resolveSecrets } from '../../platform/identity/secrets.ts';
import { CodeService } from '../plans/codes.service.ts';
import { identityRoutes } from './identity.routes.ts';
import { IdentityService } from './identity.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    rateLimiter: RateLimiter;
    codes: CodeService;
    /** /v1/auth rules; other modules use it (e.g. the pets module sets the myinfo pet list). */
    identityService: IdentityService;
  }
}

/**
 * Identity, mail and activation codes: better-auth at /identity/* (its tables migrated after
 * ours), the session of every /v1 request, the /v1/auth routes, and the dev outbox (never in
 * production). Register after the brand plugin and the OpenAPI document.
 */
export async function registerIdentity(app: FastifyInstance): Promise<void> {
  const { config, db, database } = app;
  const secrets = resolveSecrets(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log });
  const limiter = createRateLimiter(db, database.kind, config.rateLimit);
  const hosts = new HostPolicy(config);
  const codes = new CodeService(secrets.codeSecret);
  const { workers, maxQueue } = config.identity.passwordHash;
  const pool = new PasswordPool({ workers: workers ?? undefined, maxQueue: maxQueue ?? undefined });
  app.addHook('onClose', async () => pool.close());
  const passwords = new PasswordHasher(pool);
  const service = new IdentityService({
    db,
    kind: database.kind,
    codes,
    limiter,
    log: app.log,
    secret: secrets.codeSecret,
    passwords,
    now: () => app.clock.now(),
  });
  const mails = new IdentityMails(hosts, mailer, (userId) => service.userSettings(userId), app.log);
  const identity = new Identity({
    config,
    db,
    kind: database.kind,
    authSecret: secrets.authSecret,
    mails,
    limiter,
    log: app.log,
    hosts,
    directory: service,
    passwords,
  });
  service.attach(identity);
  await identity.migrate();

  app.decorate('mailer', mailer);
  app.decorate('rateLimiter', limiter);
  app.decorate('codes', codes);
  app.decorate('identityService', service);
  app.addHook('onClose', async () => mailer.close());
  app.addHook('onClose', async () => limiter.close());

  await app.register(identityPlugin, { identity });
  await app.register(identityRoutes, { service });
  if (config.env !== 'production') await app.register(outboxRoutes);
}
