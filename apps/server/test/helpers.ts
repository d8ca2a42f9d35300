import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type AppConfig } from '../src/config.ts';

/**
 * The same server suite runs on SQLite (default) and on PostgreSQL when TEST_DATABASE_URL is set:
 * each test app gets a database of its own (a temporary SQLite file, or a fresh PostgreSQL database
 * created from TEST_DATABASE_URL and dropped afterwards).
 */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** A new, empty PostgreSQL database on the server of `adminUrl` (and how to drop it). */
export async function freshPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `pet_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app and removes its data folder and database. */
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-test-'));
  const pgDb = process.env.TEST_DATABASE_URL
    ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
    : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    // app.inject connects as 127.0.0.1: trusting it as the proxy lets the tests give each client its
    // own address through X-Forwarded-For (identity-helpers.ts freshIp).
    TRUST_PROXY: '127.0.0.1',
    // Suites create dozens of users at once (limit races); the hashing queue's refusal has its own
    // test (identity-signin-flood.test.ts) with a small queue.
    PASSWORD_HASH_QUEUE: '1000',
    // scrypt at N=2^12 instead of OWASP's 2^17: the suites sign up thousands of users, each hash
    // costing ~0.3 s of CPU at full strength. identity-signin-flood.test.ts checks the default;
    // production refuses the lower cost (config.ts), so apps built as production keep it.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '12' }),
    // scripts/test.mjs sets it to `error`, so an unexpected 500 in CI shows its cause.
    ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
