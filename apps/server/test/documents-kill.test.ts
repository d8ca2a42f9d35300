import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from './support/fixtures.ts';

/**
 * A server killed (SIGKILL) in the middle of a document upload must leave no row pointing at a
 * missing file, and its next start must clear the half-written temporary file.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let port: number;
let child: ChildProcess | null = null;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      server.close(() => resolve(address.port));
    });
  });
}

async function start(): Promise<void> {
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
      DATABASE_URL: '',
      TEST_DATABASE_URL: '',
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
  port = await freePort();
  await start();
}, 60_000);
afterAll(async () => {
  await kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function filesOnDisk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe('a server killed during an upload', () => {
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
    await start();
    await kill();

    const db = new SQLite(path.join(dataDir, 'portal.sqlite'), { readonly: true });
    const rows = db.prepare('select storage_key, document_id from document_file').all() as Array<{
      storage_key: string;
      document_id: string | null;
    }>;
    db.close();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(fs.existsSync(path.join(filesDir, ...row.storage_key.split('/')))).toBe(true);
    // The kill happened mid-file: a temp file was there, and the restart removed it.
    expect(leftovers.length).toBeGreaterThan(0);
    expect(filesOnDisk(filesDir).filter((f) => path.basename(f).startsWith('.tmp-'))).toEqual([]);
  }, 60_000);
});
