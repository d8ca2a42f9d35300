import fs from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess } from '../../apps/server/test/support/server-process.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export type BenchServer = ServerProcess;

/**
 * Node's arguments for the server, flags included, read from `npm start` (the command after its
 * build): the benches measure the server as it is deployed (the Dockerfile runs the same command,
 * test/deployment.test.ts checks that).
 */
function serverArguments(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const [command, ...args] = scripts.start.split(' && ').at(-1)!.split(' ');
  if (command !== 'node') throw new Error(`npm start does not end with a node command: ${scripts.start}`);
  return args;
}

/** The real server in its own process (so its memory can be read from /proc), fresh DATA_DIR. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  return startServerProcess({
    args: serverArguments(),
    dataDirPrefix: 'pet-bench-',
    env: { HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...extraEnv },
  });
}

/**
 * Registers, verifies through the dev outbox and signs in: answers the bearer token and the
 * session cookie (the browser's).
 */
export async function signedInSession(
  url: string,
  clientAddress?: string,
): Promise<{ token: string; cookie: string }> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  // Many users from one bench: each its own address (the server must trust 127.0.0.1 as proxy),
  // or the sign-up rate limit per address answers 429.
  const forwarded: Record<string, string> = clientAddress ? { 'x-forwarded-for': clientAddress } : {};
  const post = (p: string, body: unknown) =>
    fetch(`${url}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, ...forwarded },
      body: JSON.stringify(body),
    });
  const signup = await post('/v1/auth/signup', {
    name: 'Bench User',
    email,
    password: 'secret-123',
    activation_code: null,
    tracker_ids: [],
    language: 'en',
    product_associated: 'no',
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const mails = (await (await fetch(`${url}/dev/mailbox.json`)).json()) as Array<{
    to: string;
    links: string[];
  }>;
  const link = mails
    .find((m) => m.to.includes(email))
    ?.links.find((l) => l.includes('/identity/verify-email'));
  if (!link) throw new Error('no verification mail');
  await fetch(link, { redirect: 'manual' });
  const signIn = await post('/identity/sign-in/email', { email, password: 'secret-123' });
  const token = signIn.headers.get('set-auth-token');
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!token || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  return { token, cookie };
}

/** A signed-in user's bearer token (signedInSession). */
export async function signedInToken(url: string, clientAddress?: string): Promise<string> {
  return (await signedInSession(url, clientAddress)).token;
}

/**
 * CPU time a process has used so far (user + system), in milliseconds (Linux /proc). Per request,
 * it is a steadier figure than a rate on a machine other work shares.
 */
export function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat (here 12 and 13, after pid and name).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/**
 * A bare Fastify server in its own process answering a fixed status and JSON on the given paths (GET,
 * or `PUT /path` keys for another method), the
 * baseline of the ratio benches: same machine, same process model as the real server.
 */
export async function startBareServer(
  routes: Record<string, { status: number; body: unknown }>,
): Promise<BenchServer> {
  return startServerProcess({
    args: ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')],
    env: { BARE_ROUTES: JSON.stringify(routes) },
    host: '127.0.0.1',
    readyPath: '/__ready',
  });
}
