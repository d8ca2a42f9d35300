import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DELIVER_EVENT_JOB,
  mountStripeSandbox,
  sandboxKeys,
  type SandboxDb,
  type SandboxJobQueue,
} from '../src/index.ts';

/**
 * The package on its own: a bare Fastify app and an in-memory SQLite database (the portal's server
 * suite drives it through the `stripe` SDK, the webhook and the pages).
 */

const keys = sandboxKeys('whsec_package_test');

interface Scheduled {
  type: string;
  payload: unknown;
  inTransaction: boolean;
}

async function mountedSandbox() {
  const db: SandboxDb = new Kysely({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  const scheduled: Scheduled[] = [];
  const handlers = new Map<string, (payload: unknown) => Promise<void>>();
  const jobs: SandboxJobQueue = {
    register: (type, handler) => void handlers.set(type, handler),
    schedule: async (type, payload, options) => {
      scheduled.push({ type, payload, inTransaction: options.trx.isTransaction });
      return String(scheduled.length);
    },
    runDue: async () => 0,
  };
  const app = Fastify();
  const sandbox = await mountStripeSandbox(app, {
    db,
    dialect: 'sqlite',
    jobs,
    clock: { now: () => new Date() },
    jobLoopRuns: false,
    publicUrl: 'http://localhost:3000',
    sepaSettleSeconds: 60,
    keys,
    webhookSecret: 'whsec_package_test',
    webhookPath: '/webhook',
  });
  return { app, db, sandbox, scheduled, handlers };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const api = (app: FastifyInstance, method: 'GET' | 'POST', path: string, form?: string) =>
  app.inject({
    method,
    url: `/sandbox/stripe/v1${path}`,
    headers: {
      authorization: `Bearer ${keys.secretKey}`,
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { payload: form } : {}),
  });

describe('stripe sandbox package', () => {
  it('creates its own tables under its own migration table, once', async () => {
    const { app, db } = await mountedSandbox();
    apps.push(app);
    const tables = await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' order by name`.execute(db);
    expect(tables.rows.map((row) => row.name)).toEqual([
      'stripe_sandbox_event',
      'stripe_sandbox_idempotency',
      'stripe_sandbox_migration',
      'stripe_sandbox_migration_lock',
      'stripe_sandbox_object',
    ]);
    const again = Fastify();
    apps.push(again);
    await expect(
      mountStripeSandbox(again, {
        db,
        dialect: 'sqlite',
        jobs: { register: () => {}, schedule: async () => '', runDue: async () => 0 },
        clock: { now: () => new Date() },
        jobLoopRuns: false,
        publicUrl: 'http://localhost:3000',
        sepaSettleSeconds: 60,
        keys,
        webhookSecret: 'whsec_package_test',
        webhookPath: '/webhook',
      }),
    ).resolves.toBeTruthy();
  });

  it("answers Stripe's API and schedules each event's delivery in the change's transaction", async () => {
    const { app, scheduled, handlers } = await mountedSandbox();
    apps.push(app);
    expect([...handlers.keys()].sort()).toEqual([
      'payments.sandbox.deliver_event',
      'payments.sandbox.settle_sepa',
    ]);
    expect((await api(app, 'POST', '/customers', 'email=a%40b.c')).statusCode).toBe(200);
    const customer = (await api(app, 'POST', '/customers', 'email=a%40b.c')).json();
    expect((await api(app, 'GET', `/customers/${customer.id}`)).json()).toMatchObject({ email: 'a@b.c' });
    const intent = await api(
      app,
      'POST',
      '/payment_intents',
      `amount=999&currency=eur&customer=${customer.id}&confirm=true&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242&payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=${new Date().getFullYear() + 2}&payment_method_data[card][cvc]=123`,
    );
    expect(intent.json()).toMatchObject({ status: 'succeeded', amount_received: 999 });
    expect(scheduled).toEqual([
      { type: DELIVER_EVENT_JOB, payload: { eventId: expect.stringMatching(/^evt_/) }, inTransaction: true },
    ]);
    const unauthenticated = await app.inject({
      method: 'GET',
      url: `/sandbox/stripe/v1/customers/${customer.id}`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
