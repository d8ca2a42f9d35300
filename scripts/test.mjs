#!/usr/bin/env node
// `npm test`: every test of the project. Unit and server tests (vitest: contract, server, web), then
// the web build and the Playwright journeys in Debian's Chromium. Fails loudly when Chromium is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `\nChromium is missing (looked for ${chromium}). The browser journeys need Debian's Chromium:\n\n` +
      '    sudo apt-get update && sudo apt-get install -y chromium\n\n' +
      '(or set CHROMIUM_PATH to a Chromium binary). Nothing was run.\n',
  );
  process.exit(1);
}

function run(title, command, args, env = process.env) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${title} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

const db = process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite';
const { TEST_DATABASE_URL: _pg, ...sqliteEnv } = process.env;
run(
  'contract and server tests (SQLite)',
  'npx',
  ['vitest', 'run', '--project', 'contract', '--project', 'server'],
  sqliteEnv,
);
// The web tests get the machine to themselves: jsdom renders of whole screens are CPU-bound, and
// sharing two cores with the server suite made their waits time out on a busy CI machine.
run('web tests', 'npx', ['vitest', 'run', '--project', 'web']);
if (process.env.TEST_DATABASE_URL) {
  // The same server suite again, each test app on a fresh PostgreSQL database.
  run('server tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server']);
}
run('web build', 'npm', ['run', 'build', '--workspace', 'apps/web']);
run('browser journeys (Chromium)', 'npm', ['test', '--workspace', 'e2e']);
console.log(`\nAll tests passed (server suite on ${db}).`);
