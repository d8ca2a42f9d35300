import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningServer } from './server.ts';
import type { TestUser } from './session.ts';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The operator command (`npm run admin -- ...`) against the running server's data folder. */
export async function admin(server: RunningServer, args: string[]): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/admin/cli.ts', ...args],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: server.dataDir,
        PUBLIC_URL: server.url,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
    },
  );
  return stdout;
}

/** Generates one activation code for a plan of a brand (the first CSV column of its line). */
export async function generateCode(
  server: RunningServer,
  options: { brand?: string; product: string; type?: 'single' | 'batch'; tracker?: string },
): Promise<string> {
  const args = [
    'generate-codes',
    '--brand',
    options.brand ?? 'primepet',
    '--type',
    options.type ?? 'single',
    '--product',
    options.product,
  ];
  if (options.tracker) args.push('--trackers', options.tracker);
  const lines = (await admin(server, args)).trim().split('\n');
  const code = lines.at(-1)?.split(',')[0];
  if (!code || code === 'code') throw new Error(`no code generated: ${lines.join(' | ')}`);
  return code;
}

/** Moves the user to a plan the way a customer does: a generated code, redeemed with verifycode. */
export async function setPlanByAdmin(
  server: RunningServer,
  user: TestUser,
  product: string,
  brand = 'primepet',
): Promise<void> {
  const code = await generateCode(server, { brand, product });
  const res = await fetch(`${user.origin}/v1/auth/verifycode`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (res.status !== 200) throw new Error(`verifycode failed: ${res.status} ${await res.text()}`);
}
