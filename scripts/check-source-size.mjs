#!/usr/bin/env node
// `npm run lint`: no source file over 500 lines (issue 34.3). A file that long holds more than one
// responsibility; split it by responsibility, as subscription/ and stripe-sandbox/engine/ are.
// Tests, journeys and migrations are not counted (a journey reads top to bottom).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const MAX_LINES = 500;
const SOURCE = /^(apps\/[^/]+\/src|packages\/[^/]+\/src|scripts|bench)\/.*\.(ts|tsx|mjs|js)$/;
const NOT_SOURCE = /(\.test\.|\/test\/|\/migrations\/)/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => SOURCE.test(file) && !NOT_SOURCE.test(file) && fs.existsSync(file));
const tooLong = files
  .map((file) => ({ file, lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);
for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`);
console.log(`source files over ${MAX_LINES} lines: ${tooLong.length} (${files.length} files checked)`);
process.exit(tooLong.length > 0 ? 1 : 0);
