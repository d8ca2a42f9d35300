import { spawn, type ChildProcess } from 'node:child_process';
import dns from 'node:dns';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/**
 * Brand hosts (hundeschutz.localhost) resolve to loopback in Chromium but not in Node on every
 * machine: the tests' own calls (createUser with a brand, mailbox reads) look them up as localhost.
 */
const originalLookup = dns.lookup;
dns.lookup = ((hostname: string, ...rest: unknown[]) =>
  (originalLookup as (...args: unknown[]) => void)(
    hostname.endsWith('.localhost') ? 'localhost' : hostname,
    ...rest,
  )) as typeof dns.lookup;

export interface RunningServer {
  /** http://localhost:<port> */
  url: string;
  port: number;
  dataDir: string;
  /** URL of the same server under another brand's host name (brand.localhost). */
  brandUrl: (brandId: string) => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/**
 * Starts the real server (the built SPA included: `npm run build` first) on a free port with a
 * fresh DATA_DIR, exactly as `npm start` runs it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // WEB_DIST_DIR lets parallel work build the web app into a folder of its own
  // (`npx vite build --outDir /tmp/x` in apps/web) and run the journeys against it.
  const webDist = process.env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`The web app is not built in ${webDist}: run \`npm run build\` first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pet-e2e-'));
  const url = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      WEB_DIST_DIR: webDist,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForReady(url, child, () => log);
  return {
    url,
    port,
    dataDir,
    brandUrl: (brandId) => `http://${brandId}.localhost:${port}`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
