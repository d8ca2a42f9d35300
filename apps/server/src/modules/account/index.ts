import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.routes.ts';
import type { AccountService } from './account.service.ts';
import { PURGE_ACCOUNT_JOB } from './purge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    account: AccountService;
  }
}

export async function registerAccount(app: FastifyInstance, service: AccountService): Promise<void> {
  app.decorate('account', service);
  app.jobs.register(PURGE_ACCOUNT_JOB, async ({ userId }, job) => {
    await service.purge(userId, job.id);
  });
  await app.register(accountRoutes, { service });
}
