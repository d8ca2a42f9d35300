import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thumbKeyOf } from '../src/platform/uploads/thumbnails.ts';
import { freshPostgresDatabase, testDatabaseKind } from './helpers.ts';
import { fixtures } from './support/fixtures.ts';

/**
 * A server killed (SIGKILL) in the middle of a document upload must leave no row pointing at a
 * missing file, and its next start must clear the half-written temporary file; once the storage
 * reconciliation has run with a short grace (STORAGE_ORPHAN_GRACE_S), no orphan file and nothing
 * under pending/ remains (issue 40.2). On PostgreSQL when TEST_DATABASE_URL is set.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

async function start(env: Record<string, string> = {}): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgres?.url ?? '',
      TEST_DATABASE_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function kill(): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child!.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

const base = () => `http://localhost:${port}`;
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: base() },
  body: JSON.stringify(body),
});

async function signedInToken(): Promise<string> {
  const email = `kill-${Date.now()}@example.org`;
  const signup = await fetch(
    `${base()}/v1/auth/signup`,
    json({
      name: 'Kill Test',
      email,
      password: 'secret-123',
      activation_code: null,
      tracker_ids: [],
      language: 'en',
      product_associated: 'no',
    }),
  );
  expect(signup.status).toBe(201);
  const mails = (await (await fetch(`${base()}/dev/mailbox.json`)).json()) as Array<{
    to: string;
    links: string[];
  }>;
  const link = mails
    .find((m) => m.to.includes(email))!
    .links.find((l) => l.includes('/identity/verify-email'))!;
  await fetch(link, { redirect: 'manual' });
  const signIn = await fetch(`${base()}/identity/sign-in/email`, json({ email, password: 'secret-123' }));
  expect(signIn.status).toBe(200);
  return signIn.headers.get('set-auth-token')!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-kill-'));
  if (process.env.TEST_DATABASE_URL) postgres = await freshPostgresDatabase(process.env.TEST_DATABASE_URL);
  port = await freePort();
  await start();
}, 60_000);
afterAll(async () => {
  await kill();
  await postgres?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every storage key the document rows name. */
async function documentKeys(): Promise<string[]> {
  const sql = 'select storage_key from document_file';
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<{ storage_key: string }>(sql)).rows.map((row) => row.storage_key);
    } finally {
      await client.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return (db.prepare(sql).all() as Array<{ storage_key: string }>).map((row) => row.storage_key);
  } finally {
    db.close();
  }
}

function filesOnDisk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe(`a server killed during an upload (${testDatabaseKind})`, () => {
  it('leaves no row pointing at a missing file, and the restart clears temporary files', async () => {
    const token = await signedInToken();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const pet = (await (
      await fetch(`${base()}/v1/pet`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Bello', pet_type: 'Dog' }),
      })
    ).json()) as { id: string };
    // One complete document first, so there are rows that must stay valid.
    const boundary = '----killboundary';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
    const done = await fetch(`${base()}/v1/upload/document?file_for=pet&pet_id=${pet.id}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: Buffer.concat([
        Buffer.from(part('a.pdf')),
        fixtures.pdf(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const docUrl = ((await done.json()) as { doc_url: string[] }).doc_url;
    await fetch(`${base()}/v1/document?pet_id=${pet.id}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ document_type: 'Bills', description: 'kept', doc_url: docUrl }),
    });

    // Now a large upload, killed half way.
    await new Promise<void>((resolve) => {
      const req = http.request(`${base()}/v1/upload/document?file_for=pet&pet_id=${pet.id}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(30_000_000),
        },
      });
      req.on('error', () => resolve());
      req.write(part('ok.pdf'));
      req.write(fixtures.pdf());
      req.write(`\r\n${part('big.pdf')}`);
      req.write(fixtures.pdf());
      let sent = 0;
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      const pump = () => {
        while (sent < 8_000_000) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        void kill().then(() => {
          req.destroy();
          resolve();
        });
      };
      pump();
    });

    const filesDir = path.join(dataDir, 'files');
    const leftovers = filesOnDisk(filesDir).filter((f) => path.basename(f).startsWith('.tmp-'));
    const pendingDir = path.join(filesDir, 'pending');
    // The kill left the first file of the killed upload under pending/ (its row never committed).
    expect(filesOnDisk(pendingDir).length).toBeGreaterThan(0);
    await start({ STORAGE_ORPHAN_GRACE_S: '1' });

    const keys = await documentKeys();
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(fs.existsSync(path.join(filesDir, ...key.split('/')))).toBe(true);
    // The kill happened mid-file: a temp file was there, and the restart removed it.
    expect(leftovers.length).toBeGreaterThan(0);
    expect(filesOnDisk(filesDir).filter((f) => path.basename(f).startsWith('.tmp-'))).toEqual([]);

    // A day later the daily reconciliation has run (the restart within the hour ran none).
    const advanced = await fetch(`${base()}/dev/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 1 }),
    });
    expect(advanced.status).toBe(200);
    const named = new Set((await documentKeys()).flatMap((key) => [key, thumbKeyOf(key)]));
    const visible = filesOnDisk(filesDir)
      .map((file) => path.relative(filesDir, file).split(path.sep).join('/'))
      .filter((key) => !key.split('/').some((segment) => segment.startsWith('.')));
    expect(visible.filter((key) => key.startsWith('pending/'))).toEqual([]);
    expect(visible.filter((key) => !named.has(key))).toEqual([]);
    await kill();
  }, 60_000);
});
