#!/usr/bin/env node
// `npm test`: every test of the project. Unit and server tests (vitest: contract, stripe-sandbox, server, web), then
// the web build and the Playwright journeys in Debian's Chromium (installed first on a Debian machine
// where we are root; elsewhere a missing Chromium fails loudly with the command to run).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const aptInstall = 'apt-get update && apt-get install -y chromium fonts-dejavu-core';

/**
 * A fresh machine of ours (Debian, as root or with passwordless sudo) gets Debian's Chromium the way
 * `.ci/run` installs it, so `npm ci && npm test` is all a newcomer types. Anywhere else: stop at once
 * and say what to run.
 */
function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const debian = fs.existsSync('/etc/debian_version') && !process.env.CHROMIUM_PATH;
  const root = process.getuid?.() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  if (debian && (root || sudo)) {
    console.log(`\n=== installing Debian's Chromium for the browser journeys (${aptInstall}) ===`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const shell = root ? ['sh', ['-c', aptInstall]] : ['sudo', ['-n', 'sh', '-c', aptInstall]];
    spawnSync(shell[0], shell[1], { stdio: 'inherit', env });
    if (fs.existsSync(chromium)) return;
  }
  console.error(
    `\nChromium is missing (looked for ${chromium}). The browser journeys need Debian's Chromium:\n\n` +
      `    sudo sh -c '${aptInstall}'\n\n` +
      '(or set CHROMIUM_PATH to a Chromium binary). Nothing was run.\n',
  );
  process.exit(1);
}
ensureChromium();

function run(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const db = process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite';
// The server suites log errors (an unexpected 500 then shows its cause in CI's output).
const serverEnv = { ...process.env, TEST_LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error' };
const { TEST_DATABASE_URL: _pg, ...sqliteEnv } = serverEnv;
run(
  'contract, sandbox and server tests (SQLite)',
  'npx',
  ['vitest', 'run', '--project', 'contract', '--project', 'stripe-sandbox', '--project', 'server'],
  sqliteEnv,
);
// The web tests get the machine to themselves: jsdom renders of whole screens are CPU-bound, and
// sharing two cores with the server suite made their waits time out on a busy CI machine.
run('web tests', 'npx', ['vitest', 'run', '--project', 'web']);
if (process.env.TEST_DATABASE_URL) {
  // The same server suite again, each test app on a fresh PostgreSQL database.
  run('server tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], serverEnv);
}
run('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
run('browser journeys (Chromium)', 'npm', ['test', '--workspace', 'e2e']);
console.log(`\nAll tests passed (server suite on ${db}).`);
