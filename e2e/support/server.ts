import dns from 'node:dns';
import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess } from '../../apps/server/test/support/server-process.ts';

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
  const server = await startServerProcess({
    args: ['--import', 'tsx', 'apps/server/src/main.ts'],
    dataDirPrefix: 'pet-e2e-',
    env: {
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Lighter scrypt (N=2^12) for the journeys' sign-ups, as in the server suites; production
      // refuses it (config.ts).
      PASSWORD_HASH_COST: '12',
      WEB_DIST_DIR: webDist,
      ...env,
    },
    output: 'capture',
  });
  return {
    url: server.url,
    port: server.port,
    dataDir: server.dataDir,
    brandUrl: (brandId) => `http://${brandId}.localhost:${server.port}`,
    stop: server.stop,
  };
}
