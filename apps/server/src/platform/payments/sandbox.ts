import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  mountStripeSandbox,
  type SandboxDb,
  type SandboxKeys,
  type StripeSandbox,
} from '@pet/stripe-sandbox';
import type { Database } from '../../db/schema.ts';

/**
 * Mounts the Stripe-compatible sandbox (packages/stripe-sandbox) on this app: payments without
 * Stripe keys, never in production. It keeps its own tables in our database and schedules its
 * jobs on our queue inside its own transactions, so both see the one connection under their own
 * table types (the casts below).
 */
export async function mountSandbox(
  app: FastifyInstance,
  options: { keys: SandboxKeys; webhookSecret: string; webhookPath: string },
): Promise<StripeSandbox> {
  if (app.config.env === 'production') throw new Error('the payments sandbox never runs in production');
  return mountStripeSandbox(app, {
    db: app.db as unknown as SandboxDb,
    dialect: app.database.kind,
    jobs: {
      register: (type, handler) => app.jobs.register(type, handler),
      schedule: (type, payload, { trx, ...schedule }) =>
        app.jobs.schedule(type, payload, { ...schedule, trx: trx as unknown as Transaction<Database> }),
      runDue: () => app.jobs.runDue(),
    },
    clock: app.clock,
    jobLoopRuns: app.config.jobs.enabled,
    publicUrl: app.config.publicUrl,
    sepaSettleSeconds: app.config.payments.sepaSettleSeconds,
    ...options,
  });
}
