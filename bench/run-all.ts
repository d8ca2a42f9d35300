// `npm run bench`: every benchmark in this folder, one after the other, each printing its ratios
// and budgets. A benchmark exits non-zero when a budget is broken.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const only = process.argv[2];
const benches = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, file)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
