import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import { AccountService } from './account.service.ts';
import { PURGE_ACCOUNT_JOB } from './purge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountService;
  }
}

export async function registerAccount(app: FastifyInstance): Promise<void> {
  const service = new AccountService({
    db: app.db,
    storage: app.storage,
    jobs: app.jobs,
    revokeSessions: (userId) => app.identity.revokeSessions(userId),
    log: app.log,
  });
  app.decorate('account', service);
  app.identityService.setImageUrlResolver((stored) => service.avatarUrl(stored));
  app.jobs.register(PURGE_ACCOUNT_JOB, async (payload, job) => {
    await service.purge((payload as { userId: string }).userId, job.id);
  });
  await app.register(accountRoutes, { service });
}
